"""Site pages for baska (see podium.site.extensions for the hooks)."""

URLS: dict = {}
