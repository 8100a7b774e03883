"""The one error type the bridge answers with: a stable code the page translates, and a detail for logs."""

from __future__ import annotations


class BridgeError(ValueError):
    """A request the bridge cannot serve; ``code`` is stable for the UI to translate."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
