"""A seeded generator in pure Python, so CPython and Pyodide produce the same games bit for bit.

``random.Random`` is not used: its algorithms for ``shuffle``/``randrange`` are not promised to stay the same
across Python versions, and a game record must replay forever. This is a 64-bit linear congruential generator
(Knuth's MMIX constants) whose high 32 bits are used, with Lemire's unbiased bounded draw: a game needs speed
and reproducibility, not cryptographic strength. Seeds are scrambled with SplitMix64 so nearby seeds (1, 2, 3)
give unrelated games.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's finaliser."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"a seed is an integer, got {seed!r}")
        self.state = _mix((seed + _GOLDEN) & _MASK)

    @classmethod
    def derived(cls, seed: int, *path: int) -> "Rng":
        """An independent stream for one part of a game (e.g. round 3's shuffle)."""
        state = _mix((seed & _MASK) ^ 0x5EED)
        for part in path:
            state = _mix((state + _GOLDEN * (part + 1)) & _MASK)
        return cls(state)

    def next32(self) -> int:
        self.state = state = (self.state * _MULTIPLIER + _INCREMENT) & _MASK
        return state >> 32

    def below(self, n: int) -> int:
        """Uniform in ``range(n)`` for ``0 < n < 2**32``, without bias (Lemire's method)."""
        self.state = state = (self.state * _MULTIPLIER + _INCREMENT) & _MASK
        product = (state >> 32) * n
        if (product & 0xFFFFFFFF) < n:
            threshold = (0x100000000 - n) % n
            while (product & 0xFFFFFFFF) < threshold:
                self.state = state = (self.state * _MULTIPLIER + _INCREMENT) & _MASK
                product = (state >> 32) * n
        return product >> 32

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates, in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]
