"""Classes of named fields, as small dataclasses, without the code a dataclass writes.

A dataclass writes its ``__init__``, ``__eq__`` and ``__repr__`` as source and compiles them while its module
loads. In the browser (Pyodide, a WebAssembly interpreter whose compiler is still cold at a page's first
start) the seven dataclasses of the tutorial's first screen took about a fifth of the engine's import and first
lesson. A ``Fielded`` class reads its fields from its annotations once, when it is defined, and its generic
methods run without compiling anything. A field's default is its class attribute; ``fresh(dict)`` gives each
instance a new one, as ``field(default_factory=dict)`` does.

    class Pen(Fielded):
        point: tuple
        run: float = 0.0
        seen: dict = fresh(dict)
"""

from __future__ import annotations

import inspect
from typing import Any, Callable


class _Fresh:
    __slots__ = ("factory",)

    def __init__(self, factory: Callable[[], Any]) -> None:
        self.factory = factory


def fresh(factory: Callable[[], Any]) -> Any:
    """A default made anew for each instance (``fresh(dict)``: an empty dict of its own)."""
    return _Fresh(factory)


class Fielded:
    """Fields in the order annotated (a subclass's after its base's), set by keyword or position; equal when of
    the same class with equal fields; ``__post_init__`` runs after ``__init__`` where a class has one."""

    _fields: tuple[str, ...] = ()
    _defaults: dict[str, Any] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = tuple(name for name in inspect.get_annotations(cls) if not name.startswith("_"))
        cls._fields = cls._fields + tuple(name for name in own if name not in cls._fields)
        cls._defaults = {**cls._defaults, **{name: cls.__dict__[name] for name in own if name in cls.__dict__}}
        for name in own:  # an instance always holds its own value: the class keeps no default to fall back on
            if name in cls.__dict__:
                delattr(cls, name)

    def __init__(self, *values: Any, **named: Any) -> None:
        fields = self._fields
        if len(values) > len(fields):
            raise TypeError(f"{type(self).__name__}() takes {len(fields)} fields, {len(values)} given")
        given = dict(zip(fields, values))
        for name, value in named.items():
            if name not in fields or name in given:
                raise TypeError(f"{type(self).__name__}() got an unknown or repeated field {name!r}")
            given[name] = value
        for name in fields:
            if name not in given:
                if name not in self._defaults:
                    raise TypeError(f"{type(self).__name__}() is missing the field {name!r}")
                default = self._defaults[name]
                given[name] = default.factory() if isinstance(default, _Fresh) else default
        self.__dict__.update(given)
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def _values(self) -> tuple:
        return tuple(self.__dict__[name] for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # equal by value and changeable: no hash, as a dataclass with eq

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={self.__dict__[name]!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"


class FrozenFielded(Fielded):
    """A ``Fielded`` class whose fields cannot change once set; hashable when its values are."""

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} cannot change: its field {name!r} is fixed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} cannot change: its field {name!r} is fixed")

    def __hash__(self) -> int:
        return hash(self._values())
