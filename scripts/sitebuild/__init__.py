"""The rules site's build: one English source in ``docs/``, every language through the catalogs in ``i18n/``.

Modules, one job each:

- ``project``: where things are, and which languages the site ships (read from ``mkdocs.yml``).
- ``pages``: a page's catalog (extraction with translate-toolkit) and its translation (po2md).
- ``uistrings``: the ``ui`` catalog: strings for generated content, banners and the browser apps.
- ``theme_strings``: Material's interface strings, from the ``theme`` catalog.
- ``catalogs``: the developer command that regenerates the templates and merges them into each language.
- ``staging``: the docs directory MkDocs reads: the English sources plus the generated translations.
- ``search_index``: one search index per language.
- ``banners``: the notice on a page not (fully) translated, in the reader's language.
- ``generated``: tables and diagrams computed by the engine at build time, in the page's language.
- ``markup``: what must survive translation inside an entry (used by the checks in ``tests/site_checks``).
- ``hooks``: the MkDocs hooks that tie it together.
- ``page_weight``, ``lighthouse``: benchmarks (bytes per page type; Lighthouse scores).
"""
