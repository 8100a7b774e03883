// The list of what an app keeps aside (kept-aside.js), in the reader's language: what each item is, when it
// was kept and why this page cannot open it, with a button to export it as a file and one to remove it (asked
// twice). Shared by the game, the score keeper and the practice page; exposes data-kind and data-reason on each item for tests.
import { t } from "./strings.js";
import { button, downloadJson, element } from "./dom.js";

const N_ = (s) => s;

const WHAT = {
  game: N_("A saved game"),
  scores: N_("Your saved score sheets"),
  sheet: N_("A saved score sheet"),
  practice: N_("Your practice progress"),
};

/** Why a thing could not be opened, by its reason (stored-readers.js REASONS). */
export const REASON_TEXT = {
  "newer-version": N_("It was made by a newer version of this site, which this one cannot read."),
  damaged: N_("It is damaged: this page cannot read it."),
  "too-large": N_("It is far too large to be one this site made."),
  "unknown-rules": N_("It uses rules this version of the site does not know."),
};

export function reasonText(reason) {
  return t(REASON_TEXT[reason] || REASON_TEXT.damaged);
}

function day(iso) {
  return iso ? iso.slice(0, 10) : "";
}

/** Downloads the kept text as it was saved. */
export function exportKept(item, text) {
  downloadJson(text, `chickenfoot-kept-${item.kind}-${day(item.kept) || "saved"}.json`);
}

/**
 * The section, or null when nothing is kept. `items` as KeptAside.list gives them; `text(key)` and
 * `remove(key)` reach the storage; `changed()` is called after a removal (the app redraws, and may save again).
 */
export function keptList(items, { text, remove, changed, headingTag = "h3" }) {
  if (!items.length) return null;
  const section = element("section", { class: "kept-aside", "aria-labelledby": "kept-aside-title" });
  section.append(element(headingTag, { id: "kept-aside-title" }, t("Kept aside")),
    element("p", {}, t("This page cannot open these, so they are kept in this browser, untouched. Export one to keep it as a file, or remove it.")));
  const list = element("ul", { class: "kept-aside__list" });
  for (const item of items) {
    const entry = element("li", { class: "kept-aside__item", "data-kind": item.kind, "data-reason": item.reason });
    const what = item.kept ? t("{name}, kept on {date}.", { name: t(WHAT[item.kind]), date: day(item.kept) })
      : `${t(WHAT[item.kind])}.`;
    entry.append(element("strong", {}, what), " ", element("span", { class: "kept-aside__why" }, reasonText(item.reason)));
    const actions = element("div", { class: "kept-aside__buttons" });
    const exported = button(t("Export as a file"), "kept-aside__export", () => {
      const saved = text(item.key);
      if (saved !== null) exportKept(item, saved);
    });
    const removed = button(t("Remove"), "kept-aside__remove", () => {
      const sure = button(t("Remove it for good"), "kept-aside__remove-sure", () => {
        remove(item.key);
        changed();
      });
      actions.replaceChildren(sure, button(t("Keep it"), "kept-aside__keep", () => actions.replaceChildren(exported, removed)));
      sure.focus();
    });
    actions.append(exported, removed);
    entry.append(actions);
    list.append(entry);
  }
  section.append(list);
  return section;
}
