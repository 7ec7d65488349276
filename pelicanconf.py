"""Pelican settings for the Podium results site (development build).

`make html` builds results/ + content/ into output/; `make html RESULTS=path`
(environment variable PODIUM_RESULTS) builds another results folder.
"""

import os


SITENAME = "Podium"
SITEURL = ""
PATH = "content"
THEME = "themes/podium"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"

# the Podium plugin: results/ -> pages
PLUGINS = ["pelican.plugins.podium"]
PODIUM_RESULTS = os.environ.get("PODIUM_RESULTS", "results")
# every event's pages also in these interface languages, under {lang}/{slug}/ with a language
# switch on each page: `PODIUM_LANGUAGES="en lv" make html` (default: each event in its own)
PODIUM_LANGUAGES = os.environ.get("PODIUM_LANGUAGES", "").split()
# processes writing event pages at once (default: every usable core)
PODIUM_JOBS = os.environ.get("PODIUM_JOBS") or None  # a number; the build says so when it is not

# Jinja: names are data, so everything is escaped; UI strings go through gettext
JINJA_ENVIRONMENT = {
    "trim_blocks": True,
    "lstrip_blocks": True,
    "autoescape": True,
    "extensions": ["jinja2.ext.i18n"],
}

# Markdown pages (rules, about): content/pages/<name>.md -> <slug>.html.
# Event folders are <slug>/, so a page can never collide with an event.
# Code blocks stay plain text unless they name their language: Pygments'
# guessing loads every lexer (a quarter of a second a page) and often guesses wrong.
MARKDOWN = {
    "extension_configs": {
        "markdown.extensions.codehilite": {"css_class": "highlight", "guess_lang": False},
        "markdown.extensions.extra": {},
        "markdown.extensions.meta": {},
    },
    "output_format": "html5",
}
PAGE_URL = "{slug}.html"
PAGE_SAVE_AS = "{slug}.html"
PAGE_PATHS = ["pages"]
ARTICLE_PATHS = ["articles"]
# the favicon at the site's root, where browsers ask for it
STATIC_PATHS = ["extra"]
EXTRA_PATH_METADATA = {"extra/favicon.ico": {"path": "favicon.ico"}, "extra/favicon.svg": {"path": "favicon.svg"}}

# No blog: no articles, archives, tags, categories, authors or feeds.
DIRECT_TEMPLATES = []
ARTICLE_SAVE_AS = ""
ARTICLE_LANG_SAVE_AS = ""
DRAFT_SAVE_AS = ""
DRAFT_LANG_SAVE_AS = ""
# a page's translation (same Slug, its own Lang) is <slug>-<lang>.html, written by Podium
# with the UI in its language (pelican.plugins.podium.translations)
PAGE_LANG_URL = "{slug}-{lang}.html"
PAGE_LANG_SAVE_AS = ""
DRAFT_PAGE_SAVE_AS = ""
DRAFT_PAGE_LANG_SAVE_AS = ""
CATEGORY_SAVE_AS = ""
TAG_SAVE_AS = ""
AUTHOR_SAVE_AS = ""
ARCHIVES_SAVE_AS = ""
YEAR_ARCHIVE_SAVE_AS = ""
MONTH_ARCHIVE_SAVE_AS = ""
DAY_ARCHIVE_SAVE_AS = ""
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None

DEFAULT_PAGINATION = False
RELATIVE_URLS = True
# keep old output while a build runs; `make clean` empties it
DELETE_OUTPUT_DIRECTORY = False
# keep what Pelican read of the pages in content/ between runs: a page is read again when
# its bytes change, and every page when a setting or a library's release does (Podium's
# stamp on the cache); `make clean` removes it
CACHE_CONTENT = True
LOAD_CONTENT_CACHE = True
CONTENT_CACHING_LAYER = "reader"
CHECK_MODIFIED_METHOD = "sha256"
GZIP_CACHE = False
