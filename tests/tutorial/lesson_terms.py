"""The glossary's terms as they appear in English text, and which of them a text uses.

The terms are the Glossary page's own (docs/glossary.md, one "### Term {#g-…}" heading each); each has the
English forms it takes in running text. The game names "Chicken Foot" and "Mexican Train" (capitalised) are
names, not terms, and are left out before matching ("the Mexican train" and "a chicken foot" are terms).
"""

from __future__ import annotations

import re
from pathlib import Path

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"

# Every glossary term (by its anchor) and the English words that name it.
TERM_FORMS = {
    "g-tile": r"\btiles?\b",
    "g-pip": r"\bpips?\b",
    "g-blank": r"\bblanks?\b",
    "g-double": r"\bdoubles?\b",
    "g-double-blank": r"\bdouble[- ]blank\b",
    "g-double-nine-set": r"\bdouble-nine\b",
    "g-deal": r"\bdeal(s|t|ing)?\b",
    "g-hand": r"\bhands?\b",
    "g-boneyard": r"\bboneyard\b",
    "g-layout": r"\blayout\b",
    "g-open-end": r"\bopen ends?\b",
    "g-starting-double": r"\bstarting doubles?\b",
    "g-arm": r"\barms?\b",
    "g-chicken-foot": r"\bchicken f(oo|ee)t\b|\bfoot\b|\bfeet\b",
    "g-toe": r"\btoes?\b",
    "g-draw": r"\bdr(aw|aws|awn|awing|ew)\b",
    "g-pass": r"\bpass(es|ed|ing)?\b",
    "g-go-out": r"\b(go|goes|going|gone|went) out\b",
    "g-blocked": r"\bblocked\b",
    "g-round": r"\brounds?\b",
    "g-chicken-little": r"\bchicken little\b",
    "g-train": r"\btrains?\b",
    "g-mexican-train": r"\bmexican train\b",
    "g-marker": r"\bmark(er|ers|ed)\b",
    "g-engine": r"\bengines?\b",
    "g-station": r"\bstations?\b",
}
GAME_NAMES = re.compile(r"\b(Chicken Foot|Mexican Train)\b")  # names of the games, not terms


def glossary_terms() -> dict[str, str]:
    """Anchor -> term, in the glossary's order."""
    return {anchor: name for name, anchor in re.findall(r"^### (.+?) \{#(g-[a-z0-9-]+)\}$",
                                                        GLOSSARY.read_text(encoding="utf-8"), re.M)}


def terms_in(text: str) -> set[str]:
    """The anchors of every glossary term the English ``text`` uses."""
    plain = GAME_NAMES.sub("", text)
    return {anchor for anchor, form in TERM_FORMS.items() if re.search(form, plain, re.I)}
