"""The one error type the bridge answers with: a stable code the page translates, and a detail for logs."""

from __future__ import annotations

from typing import Optional

from ..errors import Refusal


class BridgeError(Refusal):
    """A request the bridge cannot serve; ``code`` is stable for the UI to translate, ``params`` (plain JSON
    values) say where, e.g. the option or the round and seat a refusal is about; ``say``, where the bridge has
    one, is the page's sentence for it (``sentences.py``)."""

    say: Optional[dict] = None


def refusal(error: Exception) -> BridgeError:
    """The bridge's answer to an engine error (ConfigError, RecordError, SessionError, …): its code and its
    params, each made a plain JSON value."""
    params = {k: v if isinstance(v, (int, str, bool)) or v is None else str(v)
              for k, v in (getattr(error, "params", None) or {}).items()}
    return BridgeError(getattr(error, "code", "bad-arguments"), str(error), **params)
