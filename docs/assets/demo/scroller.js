// A box that scrolls says so. On a phone the apps keep their parts in fixed boxes (table-mode budget,
// demo.css), and a box whose content is longer than it scrolls; the reader must see that something is
// hidden, not guess it from a fade. A declared scroller carries data-scroller (its axis: "x" or "y") and
// data-scroller-cue (the id of its cue); the cue shows while more lies beyond the box's end:
//   - "y": a "More ↓" button in the box's bottom corner that scrolls on by most of a box (the rest a tap
//     away; a keyboard reader scrolls the box itself, which is focusable); above whatever stays put at that
//     corner (the new-game form's sticky Start button), which it must not cover. While the box's content is
//     longer than the box, the box keeps a gutter the cue's width at its end side, so that the cue never lies
//     over words or a control (in a two-line message beside "End turn" it hid half of the words);
//   - "x": a count of the items cut off at the box's end and an arrow (the hand: "3 ›").
// tests/browser/test_reader_sees.py accepts content cut by a declared scroller only while its cue shows.
import { t } from "./strings.js";
import { element } from "./dom.js";

let made = 0;

const PINNED = ["sticky", "fixed"];

/** How far above its parent's bottom edge the cue of box must sit to leave clear what is pinned at the box's
 * bottom right corner (a sticky or fixed element inside the box, which scrolling does not move away). */
function clearOfPinned(box, cue) {
  cue.style.bottom = "";
  const corner = box.getBoundingClientRect();
  const cueBox = cue.getBoundingClientRect();
  let top = Infinity;
  for (const y of [corner.bottom - 2, corner.bottom - cueBox.height / 2, corner.bottom - cueBox.height]) {
    for (const x of [cueBox.left + 2, corner.right - 4]) {
      for (let node = document.elementsFromPoint(x, y).find((hit) => hit !== cue && !cue.contains(hit) && box.contains(hit));
        node && node !== box; node = node.parentElement) {
        if (PINNED.includes(getComputedStyle(node).position)) top = Math.min(top, node.getBoundingClientRect().top);
      }
    }
  }
  if (top === Infinity) return 0;
  const parent = (cue.offsetParent || box.parentElement).getBoundingClientRect();
  return Math.max(0, Math.ceil(parent.bottom - top + 4));
}

/** A y box whose content is longer than it keeps the cue's column free (has-cue-gutter, demo.css). Whether
 * it does is measured without the gutter (an inline style, which the box's observer does not watch), so the
 * answer depends only on the content, never on what was shown before: a box whose words fit keeps its width. */
function keepGutter(box, cue) {
  box.style.setProperty("padding-inline-end", "0px", "important");
  const overflows = box.scrollHeight > box.clientHeight + 1;
  box.style.removeProperty("padding-inline-end");
  if (overflows) box.style.setProperty("--cue-gutter", `${Math.ceil(cue.offsetWidth || 48) + 4}px`);
  // a change of class calls update() again, which then finds the same answer
  if (overflows !== box.classList.contains("has-cue-gutter")) box.classList.toggle("has-cue-gutter", overflows);
}

/**
 * @param {HTMLElement} box the scrolling box (its parent must be a positioned box: the cue lies over it)
 * @param {{axis?: "x"|"y", items?: string, fresh?: boolean}} options items: the selector of the items an "x" cue
 *   counts; fresh: new content starts at the top (the feedback: a new message is read from its beginning)
 * @returns {{cue: HTMLElement, update: () => void}}
 */
export function declareScroller(box, { axis = "y", items = null, fresh = false } = {}) {
  made += 1;
  const id = `demo-scroll-cue-${made}`;
  box.dataset.scroller = axis;
  box.dataset.scrollerCue = id;
  let cue;
  if (axis === "y") {
    // a pointer's convenience: hidden from screen readers, which read the whole box anyway
    cue = element("button", { type: "button", id, class: "demo-scroll-cue demo-scroll-cue--y", tabindex: "-1",
      "aria-hidden": "true", hidden: true });
    cue.append(element("span", {}, t("More")), element("span", { class: "demo-scroll-cue__arrow" }, "↓"));
    cue.addEventListener("click", () => box.scrollBy({ top: Math.max(24, box.clientHeight - 24), behavior: "smooth" }));
  } else {
    cue = element("span", { id, class: "demo-scroll-cue demo-scroll-cue--x", "aria-hidden": "true", hidden: true });
  }
  box.after(cue);
  const update = (measureGutter = true) => {
    const more = axis === "x"
      ? box.scrollLeft + box.clientWidth < box.scrollWidth - 1
      : box.scrollTop + box.clientHeight < box.scrollHeight - 1;
    cue.hidden = !more;
    box.classList.toggle("has-more", more);
    if (more && axis === "y") cue.style.bottom = `${clearOfPinned(box, cue)}px`;
    if (axis === "y" && measureGutter) keepGutter(box, cue);
    if (more && axis === "x" && items) {
      const edge = box.getBoundingClientRect().right - 1;
      const cut = [...box.querySelectorAll(items)].filter((item) => item.getBoundingClientRect().right > edge).length;
      cue.textContent = cut ? `+${cut} ›` : "›";
    }
  };
  box.addEventListener("scroll", () => update(false), { passive: true }); // scrolling changes no gutter
  // the box and what lies in it are watched for size: content can grow with no change to the page's tree (a
  // stylesheet or a font that arrives after the form was drawn), and the cue must still follow
  new ResizeObserver(() => update()).observe(box);
  // (measured at the next frame: a gutter set from a child's notification resizes the box, which this frame's
  // observer round has passed already)
  let measuring = false;
  const contentSizes = new ResizeObserver(() => {
    if (measuring) return;
    measuring = true;
    requestAnimationFrame(() => { measuring = false; update(); });
  });
  const watchSizes = () => { for (const child of box.children) contentSizes.observe(child); };
  watchSizes();
  // what is inside changes (a lesson's words, a panel opened): measured again (the observer gathers a task's
  // changes into one call)
  new MutationObserver((changes) => {
    if (fresh && changes.some((change) => change.type !== "attributes")) box.scrollTop = 0;
    watchSizes();
    update();
  }).observe(box, { childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ["class", "hidden"] });
  return { cue, update };
}
