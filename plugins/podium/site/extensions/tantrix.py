"""Site pages for tantrix (see podium.site.extensions for the hooks)."""

URLS: dict = {}
