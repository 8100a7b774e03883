"""Tiles: the immutable value type, the sets, and tables precomputed once so play never recomputes them.

Every tile of the largest set (double-18) has a fixed index, ordered by (high, low): a double-N set is exactly
the first ``(N + 1)(N + 2) / 2`` indices, so a hand can be an integer bitmask and "the tiles of my hand that
carry a 7" is one ``&`` with ``NUMBER_MASK[7]``. Bit order gives a canonical, hash-free iteration order, which
keeps games identical on CPython and on Pyodide (32-bit hashes).
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

SET_SIZES = (6, 9, 12, 15, 18)
MAX_PIP = 18


class Tile(NamedTuple):
    """A domino, always stored high end first: ``Tile(9, 4)`` is the same tile as "4-9"."""

    high: int
    low: int

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def index(self) -> int:
        return self.high * (self.high + 1) // 2 + self.low

    def has(self, number: int) -> bool:
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The pip facing away when this tile is joined on ``number``."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise ValueError(f"{self} has no {number}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def to_list(self) -> list[int]:
        return [self.high, self.low]

    @staticmethod
    def of(a: int, b: int) -> "Tile":
        """The interned tile with ends ``a`` and ``b`` in either order."""
        if not (isinstance(a, int) and isinstance(b, int)) or isinstance(a, bool) or isinstance(b, bool):
            raise ValueError(f"tile ends must be integers, got {a!r} and {b!r}")
        if not (0 <= a <= MAX_PIP and 0 <= b <= MAX_PIP):
            raise ValueError(f"tile ends must be between 0 and {MAX_PIP}, got {a} and {b}")
        return TILES[index_of(a, b)]

    @staticmethod
    def parse(text: str) -> "Tile":
        """``"9-4"`` (or ``"4-9"``, ``"[9-4]"``, ``"9|4"``) → ``Tile(9, 4)``."""
        cleaned = str(text).strip().strip("[]")
        for separator in ("-", "|", ":"):
            if separator in cleaned:
                left, _, right = cleaned.partition(separator)
                try:
                    return Tile.of(int(left), int(right))
                except ValueError:
                    break
        raise ValueError(f"not a tile: {text!r} (write it like 9-4)")

    @staticmethod
    def coerce(value: object) -> "Tile":
        """A tile from its text (``"9-4"``), a pair (``[9, 4]``) or a Tile."""
        if isinstance(value, Tile):
            return value
        if isinstance(value, str):
            return Tile.parse(value)
        if isinstance(value, (list, tuple)) and len(value) == 2:
            return Tile.of(value[0], value[1])
        raise ValueError(f"not a tile: {value!r}")


def index_of(a: int, b: int) -> int:
    high, low = (a, b) if a >= b else (b, a)
    return high * (high + 1) // 2 + low


def set_count(max_pip: int) -> int:
    """How many tiles a double-``max_pip`` set holds (55 for double-nine)."""
    return (max_pip + 1) * (max_pip + 2) // 2


TILES: tuple[Tile, ...] = tuple(Tile(high, low) for high in range(MAX_PIP + 1) for low in range(high + 1))
TILE_INDEX: dict[Tile, int] = {tile: i for i, tile in enumerate(TILES)}
TILE_BIT: tuple[int, ...] = tuple(1 << i for i in range(len(TILES)))
TILE_HIGH: tuple[int, ...] = tuple(t.high for t in TILES)
TILE_LOW: tuple[int, ...] = tuple(t.low for t in TILES)
TILE_PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)
TILE_IS_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in TILES)
DOUBLE_INDEX: tuple[int, ...] = tuple(index_of(n, n) for n in range(MAX_PIP + 1))


def _number_masks() -> tuple[int, ...]:
    """Each number's tiles as one bit mask (built in one pass over the tiles: the engine's import runs on a
    phone before the first lesson shows)."""
    masks = [0] * (MAX_PIP + 1)
    for bit, tile in zip(TILE_BIT, TILES):
        masks[tile.high] |= bit
        masks[tile.low] |= bit
    return tuple(masks)


NUMBER_MASK: tuple[int, ...] = _number_masks()
SET_MASK: dict[int, int] = {n: (1 << set_count(n)) - 1 for n in range(MAX_PIP + 1)}


def domino_set(max_pip: int) -> list[Tile]:
    """Every tile of a double-``max_pip`` set, in index order."""
    return list(TILES[: set_count(max_pip)])


def total_pips(max_pip: int) -> int:
    """All the pips of a set: 495 in double-nine."""
    return sum(TILE_PIPS[: set_count(max_pip)])


def tiles_per_number(max_pip: int) -> int:
    """How many tiles carry a given number, its double included: ten in double-nine."""
    return max_pip + 1


def iter_bits(mask: int) -> Iterator[int]:
    """The tile indices of a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def tiles_of(mask: int) -> list[Tile]:
    return [TILES[i] for i in iter_bits(mask)]
