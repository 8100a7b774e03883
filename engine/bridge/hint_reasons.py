"""The hints' reasons live in the core (``engine/hint_reasons.py``), where the round review uses them too;
this name stays for the bridge's and the tests' imports."""

from ..hint_reasons import REASONS, explain

__all__ = ["REASONS", "explain"]
