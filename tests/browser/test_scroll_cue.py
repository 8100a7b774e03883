"""A y scroller's "More ↓" cue (scroller.js) never lies over the words of its box: while the content is longer
than the box, the box keeps a gutter the cue's width; once the words fit, it has none (and no cue). Tested on a
two-line box the size of the tutorial's message beside "End turn" on a phone, in a site page, without the
engine."""
from __future__ import annotations

WORDS = ("Anjeun masang kartu genep-opat dina karéta anjeun. Ayeuna pasang deui kartu nu cocog, "
         "tuluy réngsékeun giliran anjeun.")

BOX = """async (words) => {
  const { declareScroller } = await import(new URL("../assets/demo/scroller.js", document.baseURI).href);
  const holder = document.createElement("div");
  holder.style.cssText = "position: relative; width: 190px; height: 48px; display: flex; flex-direction: column";
  const box = document.createElement("div");
  box.style.cssText = "overflow-y: auto; min-height: 0; font: 15px/22px sans-serif";
  const text = document.createElement("p");
  text.style.margin = "0";
  text.textContent = words;
  box.append(text);
  holder.append(box);
  document.body.prepend(holder);
  const { cue } = declareScroller(box, { axis: "y" });
  window.cueBox = { box, cue, text };
}"""

MEASURE = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const { box, cue, text } = window.cueBox;
  const c = cue.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(text);
  const under = [...range.getClientRects()].filter((line) => Math.min(line.right, c.right) - Math.max(line.left, c.left) > 1
    && Math.min(line.bottom, c.bottom) - Math.max(line.top, c.top) > 1).length;
  return { shown: !cue.hidden && c.width > 0, under, gutter: box.classList.contains("has-cue-gutter"),
           textRight: Math.max(...[...range.getClientRects()].map((line) => line.right)), cueLeft: c.left,
           overflows: box.scrollHeight > box.clientHeight + 1 };
}"""


def test_the_more_cue_keeps_clear_of_the_words_and_goes_with_its_gutter_once_they_fit(page, site_url):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}tutorial/")
    page.evaluate(BOX, WORDS)
    long = page.evaluate(MEASURE)
    assert long["overflows"] and long["shown"] and long["gutter"], long
    assert long["under"] == 0 and long["textRight"] <= long["cueLeft"], long
    page.evaluate("() => { window.cueBox.text.textContent = 'Played.'; }")
    short = page.evaluate(MEASURE)
    assert not short["overflows"] and not short["shown"] and not short["gutter"], short
