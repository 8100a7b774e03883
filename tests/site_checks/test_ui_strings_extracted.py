"""No English sentence slips past the catalogs: every literal the apps mark for translation (``t("…")`` or
``N_("…")`` in JavaScript, ``N_("…")`` in Python) is in the ui catalog's template.

Babel's extractor reads a call's first argument only when it is a literal, and it does not look inside
another call's arguments, so ``t(table[code] || N_("…"))`` hides the sentence: it then shows in English in
every language (issue 11 found "It could not be read." that way). This test finds marked literals with a
plain pattern, wherever they stand, and asks the catalog for each."""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize

from scripts.sitebuild import catalogs, project

MARKED = re.compile(r"""(?<![\w.$])(?:t|N_)\(\s*(["'])((?:\\.|(?!\1).)*)\1\s*[,)]""", re.S)
JS_COMMENT = re.compile(r"/\*.*?\*/|(?:^|(?<=\s))//[^\n]*", re.S)


def _javascript_literals(text: str) -> list[str]:
    code = JS_COMMENT.sub("", text)
    return [json.loads('"' + match.group(2).replace('\\\'', "'") + '"') if match.group(1) == '"'
            else match.group(2) for match in MARKED.finditer(code)]


def _python_literals(text: str) -> list[str]:
    """String arguments of ``N_(...)`` calls, read with the tokenizer (docstrings and comments are not calls)."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
              if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)]
    found = []
    for k in range(1, len(tokens) - 2):
        before, name, paren = tokens[k - 1], tokens[k], tokens[k + 1]
        if name.string != "N_" or before.string in (".", "def") or paren.string != "(":
            continue
        parts = []
        for token in tokens[k + 2:]:  # adjacent literals are one string
            if token.type != tokenize.STRING:
                break
            parts.append(ast.literal_eval(token.string))
        if parts:
            found.append("".join(parts))
    return found


def _marked_literals() -> dict[str, str]:
    found = {}
    sources = [(project.DOCS / "assets" / "demo", "*.js", _javascript_literals),
               (project.ROOT / "engine", "*.py", _python_literals),
               (project.ROOT / "scripts" / "sitebuild", "*.py", _python_literals)]
    for folder, pattern, read in sources:
        for path in sorted(folder.rglob(pattern)):
            for literal in read(path.read_text(encoding="utf-8")):
                found.setdefault(literal, str(path.relative_to(project.ROOT)))
    return found


def test_every_marked_literal_is_in_the_ui_catalog():
    extracted = {unit.source for unit in catalogs.extract_ui().units if not unit.isheader()}
    missing = {literal: where for literal, where in _marked_literals().items() if literal not in extracted}
    assert not missing, "marked for translation but not extracted (hoist them into a constant):\n" + "\n".join(
        f"{where}: {literal!r}" for literal, where in sorted(missing.items(), key=lambda item: item[1]))


def test_the_search_finds_a_literal_hidden_inside_another_call_and_skips_comments():
    script = 't(TABLE[code] || N_("Hidden \\"inside\\".")); // t("A comment")\nt("Plain {n}", { n: 1 });'
    assert _javascript_literals(script) == ['Hidden "inside".', "Plain {n}"]
    python = '"""Wrap it in ``N_("...")``."""\nTEXT = f(N_("Marked "\n    "in two"))  # N_("comment")\n'
    assert _python_literals(python) == ["Marked in two"]
