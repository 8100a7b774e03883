"""The mark of an English sentence the page shows translated: ``N_("…")`` returns its text unchanged, and the
site build extracts every marked sentence into the ``ui`` catalog (i18n/README.md)."""


def N_(message: str) -> str:  # noqa: N802 - the gettext name for a mark without translation
    return message
