"""The notice on a page shown in a language it is not (fully) translated into, in the reader's language."""

from __future__ import annotations

from . import uistrings
from .uistrings import N_

NOT_TRANSLATED_TITLE = N_("Not translated yet")
NOT_TRANSLATED = N_("This page has not been translated into your language yet, so it is shown in English.")
PARTLY_TRANSLATED_TITLE = N_("Translation in progress")
PARTLY_TRANSLATED = N_("This page is only partly translated into your language: the parts still in English "
                       "are waiting for a translator.")


def banner(status: str, language: str) -> str:
    """Admonition Markdown for a page's translation ``status`` ('missing', 'partial'), or '' for none needed."""
    if status == "missing":
        title, text = NOT_TRANSLATED_TITLE, NOT_TRANSLATED
    elif status == "partial":
        title, text = PARTLY_TRANSLATED_TITLE, PARTLY_TRANSLATED
    else:
        return ""
    # A language whose ui catalog lacks the banner still says so, in English rather than not at all.
    title = uistrings.translate_or_none(title, language) or title
    text = uistrings.translate_or_none(text, language) or text
    return f'!!! warning translation-banner "{title}"\n\n    {text}\n'
