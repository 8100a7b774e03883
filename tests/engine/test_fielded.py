"""engine/fielded.py: classes of named fields that behave as the small dataclasses they replace."""

from __future__ import annotations

import copy

import pytest

from engine.fielded import Fielded, FrozenFielded, fresh


class Pen(Fielded):
    point: tuple
    heading: float
    run: float = 0.0
    seen: dict = fresh(dict)
    course: float | None = None

    def __post_init__(self) -> None:
        if self.course is None:
            self.course = self.heading


class Word(FrozenFielded):
    msgid: str
    plural: str = ""


class Sentence(Word):
    count: str = "n"


def test_fields_are_set_by_position_or_keyword_in_their_order_with_the_defaults_after():
    pen = Pen((1, 2), 90.0, seen={"a": 1})
    assert (pen.point, pen.heading, pen.run, pen.seen, pen.course) == ((1, 2), 90.0, 0.0, {"a": 1}, 90.0)
    assert Pen._fields == ("point", "heading", "run", "seen", "course")
    assert repr(Pen((0, 0), 1.0)) == "Pen(point=(0, 0), heading=1.0, run=0.0, seen={}, course=1.0)"


def test_a_fresh_default_is_new_for_each_instance():
    first, second = Pen((0, 0), 0.0), Pen((0, 0), 0.0)
    first.seen["x"] = 1
    assert second.seen == {} and first.seen is not second.seen


@pytest.mark.parametrize("make", [lambda: Pen((0, 0)), lambda: Pen((0, 0), 1.0, 2.0, {}, None, 7),
                                  lambda: Pen((0, 0), 1.0, heading=2.0), lambda: Pen((0, 0), 1.0, colour="red")])
def test_a_missing_unknown_repeated_or_extra_field_is_a_type_error(make):
    with pytest.raises(TypeError):
        make()


def test_equal_by_class_and_values_and_unhashable_when_changeable():
    assert Pen((0, 0), 1.0) == Pen((0, 0), 1.0) and Pen((0, 0), 1.0) != Pen((0, 0), 2.0)
    assert Word("a") != Sentence("a")  # another class, though the same fields start it
    with pytest.raises(TypeError):
        hash(Pen((0, 0), 1.0))


def test_a_frozen_class_cannot_change_is_hashable_and_copies():
    word = Word("tile", "tiles")
    with pytest.raises(AttributeError):
        word.msgid = "end"
    with pytest.raises(AttributeError):
        del word.plural
    assert hash(word) == hash(Word("tile", "tiles")) and {word, Word("tile", "tiles")} == {word}
    assert copy.deepcopy(word) == word and copy.copy(Pen((0, 0), 1.0)) == Pen((0, 0), 1.0)


def test_a_subclass_adds_its_fields_after_its_bases():
    assert Sentence._fields == ("msgid", "plural", "count")
    assert Sentence("a", "b").count == "n" and Sentence(msgid="a", count="k").plural == ""
