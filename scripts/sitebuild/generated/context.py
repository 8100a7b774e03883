"""What a generator needs to know about the page it writes into: its language, its address, its words."""

from __future__ import annotations

from dataclasses import dataclass, field

from mkdocs.utils import get_relative_url

from .. import project, uistrings


@dataclass
class PageContext:
    language: str
    url: str  # the page's site-relative URL, e.g. "ht/variants/"
    # ui strings this language's catalog does not translate yet (shown in English; the page then says so).
    untranslated: set[str] = field(default_factory=set)

    def t(self, message: str, **values: object) -> str:
        text = uistrings.translate_or_none(message, self.language, **values)
        if text is None:
            self.untranslated.add(message)
            return message.format(**values) if values else message
        return text

    def tn(self, message: uistrings.Plural, n: int, **values: object) -> str:
        """The form of ``message`` (from ``Nn_``) that the number ``n`` takes in this page's language, filled."""
        text = uistrings.translate_plural_or_none(message, n, self.language, **values)
        if text is None:
            self.untranslated.add(message.singular)
            english = message.singular if n == 1 else message.plural
            return english.format(**values)
        return text

    def link(self, page: str, anchor: str = "") -> str:
        """A relative link from this page to ``page`` (a source page's name) in the same language."""
        prefix = "" if self.language == project.SOURCE_LANGUAGE else f"{self.language}/"
        target = f"{prefix}{page}/" if page != "index" else prefix or "./"
        relative = get_relative_url(target, self.url)
        return f"{relative}#{anchor}" if anchor else relative
