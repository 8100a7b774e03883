"""The table's picture for a page: drawn by ``engine.svg`` for the width the page has for it.

The page measures its table's width in CSS pixels and sends it with the requests that draw the table
(``fit_width``); the engine lays the table out to fit it, tiles never smaller than it promises. A page that
sends no width gets a picture that scales to its container.
"""

from __future__ import annotations

from typing import Optional

from .. import svg
from ..svg import train_labels  # noqa: F401 - the game's pictures name trains with it (also the rooms server's)
from .errors import BridgeError

MIN_FIT_WIDTH, MAX_FIT_WIDTH = 120, 10_000  # CSS pixels: narrower than any phone, wider than any screen


def checked_fit_width(fit_width) -> Optional[float]:
    """A table width the page may ask for: None, or a number of CSS pixels a screen can have."""
    if fit_width is None:
        return None
    if isinstance(fit_width, bool) or not isinstance(fit_width, (int, float)) \
            or not MIN_FIT_WIDTH <= fit_width <= MAX_FIT_WIDTH:
        raise BridgeError("bad-fit-width", str(fit_width))
    return float(fit_width)


def render_table(layout: dict, fit_width: Optional[float], **options) -> str:
    """The table's picture, laid out to fit ``fit_width`` CSS pixels when the page gave a width."""
    if fit_width is None:
        return svg.render(layout, **options)
    return svg.render(layout, fit_width=fit_width, **options)


def checked_names(names) -> dict:
    """The page's translated train names, {seat or "mx": text}; blank ones are left out."""
    if names is None:
        return {}
    if not isinstance(names, dict):
        raise BridgeError("bad-words", "train names must be an object")
    return {str(key): str(value) for key, value in names.items() if str(value).strip()}
