"""The registry of formats: format id -> class (formats.md)."""

from __future__ import annotations

from importlib import import_module

# format id -> (module, class name); modules are imported on first use
_REGISTRY = {
    "catan-lv-2016": ("catan", "CatanLV2016"),
    "catan-lt-route66": ("catan", "CatanLTRoute66"),
    "carcassonne-lv": ("carcassonne", "CarcassonneLV"),
    "tantrix-wc": ("tantrix", "TantrixWC"),
    "baska-gp": ("baska", "BaskaGP"),
}

FORMAT_IDS = tuple(_REGISTRY)


def format_class(format_id: str):
    module, name = _REGISTRY[format_id]
    return getattr(import_module(f"{__name__}.{module}"), name)


def get_format(format_id: str, options: dict | None = None):
    """An instance of the format ``format_id`` with the event's options."""
    return format_class(format_id)(options)
