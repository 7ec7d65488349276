"""Pelican settings for the published site (`make publish`): absolute URLs.

SITEURL comes from the environment variable PODIUM_SITEURL (e.g.
https://results.example.org); empty means links from the server root.
"""

import os
import sys

sys.path.append(os.curdir)
from pelicanconf import *  # noqa: E402,F401,F403

SITEURL = os.environ.get("PODIUM_SITEURL", "").rstrip("/")
RELATIVE_URLS = False
# a failing build stops before this happens (see pelican.plugins.podium.plugin)
DELETE_OUTPUT_DIRECTORY = True
