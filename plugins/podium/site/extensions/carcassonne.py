"""Site pages for carcassonne (see podium.site.extensions for the hooks)."""

URLS: dict = {}
