"""The rules site's build: one English source in ``docs/``, four languages through the catalogs in ``i18n/``.

Modules, one job each:

- ``project``: where things are, and which languages the site ships (read from ``mkdocs.yml``).
- ``pages``: a page's catalog (extraction with translate-toolkit) and its translation (po2md).
- ``uistrings``: the ``ui`` catalog: strings for generated content, banners and the browser apps.
- ``theme_strings``: Material's interface strings, from the ``theme`` catalog.
- ``catalogs``: the developer command that regenerates the templates and merges them into each language.
- ``staging``: the docs directory MkDocs reads: the English sources plus the generated translations.
- ``search_index``: one search index per language.
- ``hooks``: the MkDocs hooks that tie it together.
"""
