"""The footer's "Suggest a better translation" link (overrides/partials/suggest-translation.html): its words in
the page's language, and where it sends the reader (``extra.translation_feedback`` in mkdocs.yml).

The link is a plain ``mailto:`` (or a new issue on the tracker when no mail is set) with the page's address and
language prefilled; ``assets/javascripts/suggest-translation.js`` adds the sentence the reader selected. No
server, no tracking: the reader's own mail program or browser sends it, or not.
"""

from __future__ import annotations

from . import project, uistrings
from .uistrings import N_

LINK = N_("Suggest a better translation")
# TRANSLATORS: the subject of the mail (or the title of the issue) the footer link prefills. {page} is the
# page's title, {language} the name of the page's language.
SUBJECT = N_("Better translation: {page} ({language})")
# TRANSLATORS: the first line of the prefilled mail; {address} is the page's web address.
PAGE_LINE = N_("Page: {address}")
LANGUAGE_LINE = N_("Language: {language}")
# TRANSLATORS: in the prefilled mail, above the sentence the reader selected (the script adds it).
SENTENCE_LINE = N_("The sentence (select it on the page before you press the link, or paste it here):")
BETTER_LINE = N_("Your better translation:")


def _say(message: str, in_language: str, **values: str) -> str:
    # Filled here, not by translate(): a placeholder named "language" would clash with its argument.
    return (uistrings.translate_or_none(message, in_language) or message).format(**values)


def link_data(language: str) -> dict[str, str]:
    """What the partial needs: the words in ``language`` ({page} and {address} left for the page to fill)."""
    feedback = project.translation_feedback()
    name = project.language_names().get(language, language)
    return {
        "mail": feedback.get("mail", ""),
        "tracker": feedback.get("tracker", ""),
        "link": _say(LINK, language),
        "subject": _say(SUBJECT, language, page="{page}", language=name),
        "page_line": _say(PAGE_LINE, language, address="{address}"),
        "language_line": _say(LANGUAGE_LINE, language, language=f"{name} ({language})"),
        "sentence_line": _say(SENTENCE_LINE, language),
        "better_line": _say(BETTER_LINE, language),
    }
