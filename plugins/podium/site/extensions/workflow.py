"""Site pages for workflow (see podium.site.extensions for the hooks)."""

URLS: dict = {}
