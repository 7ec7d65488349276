"""Builders the tests share: folders of results written from text, the
``podium validate`` lines of a folder, events played by ``podium simulate``."""
