"""Each lesson speaks only of what the lessons before it (and itself) have taught: walking the lessons in
order, every glossary term in a lesson's words must have been introduced by then (``Lesson.terms``)."""

from __future__ import annotations

import pytest

from engine.bridge.lessons import LESSONS, Plural
from lesson_terms import TERM_FORMS, glossary_terms, terms_in


def english_forms(text) -> list[str]:
    """Every English form of a text: a msgid, both msgids of a plural entry, each sentence of a paragraph."""
    if isinstance(text, tuple):
        return [form for sentence in text for form in english_forms(sentence)]
    return [text.msgid, text.plural] if isinstance(text, Plural) else [text]


def lesson_texts(lesson) -> list[str]:
    numbers = {name: str(value) for name, value in lesson.numbers.items()}
    texts = [lesson.title, *lesson.intro, lesson.task, *lesson.hints, lesson.success,
             *(steer.message for steer in lesson.steer)]
    return [form.format(**numbers) for text in texts for form in english_forms(text)]


def introduced_up_to(index: int) -> set[str]:
    return {term for lesson in LESSONS[:index + 1] for term in lesson.terms}


def test_every_glossary_term_has_its_english_forms_and_no_form_names_a_term_the_glossary_lacks():
    assert set(TERM_FORMS) == set(glossary_terms())


def test_each_term_is_introduced_by_one_lesson_at_most_and_only_glossary_terms_are_introduced():
    introduced = [term for lesson in LESSONS for term in lesson.terms]
    assert len(introduced) == len(set(introduced))
    assert set(introduced) <= set(glossary_terms())


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.id for lesson in LESSONS])
def test_a_lesson_uses_only_terms_introduced_by_then(index):
    lesson = LESSONS[index]
    known = introduced_up_to(index)
    early = {text: sorted(terms_in(text) - known) for text in lesson_texts(lesson) if terms_in(text) - known}
    assert early == {}, f"{lesson.id} speaks of terms not yet introduced"


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.id for lesson in LESSONS])
def test_a_lesson_that_introduces_a_term_uses_it(index):
    lesson = LESSONS[index]
    used = set().union(*(terms_in(text) for text in lesson_texts(lesson)))
    assert set(lesson.terms) <= used, sorted(set(lesson.terms) - used)


def test_the_term_check_catches_a_word_used_too_early():
    assert terms_in("The foot is complete: every end is open again.") == {"g-chicken-foot"}
    assert terms_in("Chicken Foot is played with tiles") == {"g-tile"}  # the game's name is no term
    assert terms_in("Start the Mexican train; it is a train") == {"g-mexican-train", "g-train"}
