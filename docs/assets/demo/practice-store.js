// The practice page's progress, kept on the phone: each theme's strength (practice-schedule.js) and the puzzles
// answered lately, in localStorage under one key, read by its checked reader (stored-readers.js). A store this
// page cannot read (damaged, a newer version's) is kept aside, byte for byte (kept-aside.js), and practice
// starts afresh; where it cannot even be moved (storage full), nothing is saved over it for this visit.
// Without storage (a sandboxed frame, storage blocked) progress lives in memory for the visit, and the page
// says so.
import { openLocalStorage } from "./storage.js";
import { KeptAside } from "./kept-aside.js";
import { PRACTICE_FILE, PRACTICE_STORE_VERSION, readPracticeFile, readPracticeStore } from "./stored-readers.js";
import { afterAnswer, remembered } from "./practice-schedule.js";

export const PRACTICE_KEY = "chickenfoot.practice";

const fresh = () => ({ version: PRACTICE_STORE_VERSION, themes: {}, recent: [] });

export class PracticeStore {
  constructor(store = openLocalStorage()) {
    this.store = store;
    this.kept = new KeptAside(store);
    this.inPlace = null; // a store that could not be moved aside: listed, never written over
    this.data = fresh();
    let text = null;
    try { text = store ? store.getItem(PRACTICE_KEY) : null; } catch { text = null; }
    if (text === null) return;
    const checked = readPracticeStore(text);
    if (checked.ok) {
      this.data = checked.value;
      return;
    }
    this.keptNow = this.kept.keep(PRACTICE_KEY, "practice", checked.reason);
    if (!this.keptNow) this.inPlace = { key: PRACTICE_KEY, kind: "practice", reason: checked.reason, kept: null };
  }

  get persistent() { return this.store !== null; }

  /** What is kept aside: the store left in place first, then the older ones, oldest first. */
  keptItems() {
    return [...(this.inPlace ? [this.inPlace] : []), ...this.kept.list(["practice"])];
  }

  entry(theme) {
    return Object.hasOwn(this.data.themes, theme) ? this.data.themes[theme] : null;
  }

  /** Records an answer at `now`; answers whether it could be saved. */
  answer(puzzle, right, now) {
    this.data.themes[puzzle.theme] = afterAnswer(this.entry(puzzle.theme), right, now);
    this.data.recent = remembered(this.data.recent, puzzle.id);
    return this.save();
  }

  save() {
    if (!this.store || this.inPlace) return false;
    try {
      this.store.setItem(PRACTICE_KEY, JSON.stringify(this.data));
      return true;
    } catch {
      return false; // full storage: the progress stays in memory, and the page says so
    }
  }

  /** The progress as a file's text (format and version first, so a reader of the file sees what it is). */
  exportText(now) {
    return JSON.stringify({ ...PRACTICE_FILE, exported: new Date(now).toISOString(), themes: this.data.themes,
      recent: this.data.recent }, null, 1);
  }

  /** Imports a progress file's text: {ok: false, reason} changes nothing; {ok: true, themes, saved} merged it,
   * each theme taking whichever of the two was answered last, so nothing either side holds is lost. */
  importText(text) {
    const checked = readPracticeFile(text);
    if (!checked.ok) return checked;
    const themes = { ...this.data.themes };
    for (const [id, entry] of Object.entries(checked.value.themes)) {
      if (!Object.hasOwn(themes, id) || themes[id].last < entry.last) themes[id] = entry;
    }
    let recent = this.data.recent;
    for (const id of checked.value.recent) recent = remembered(recent, id);
    this.data = { ...this.data, themes, recent };
    return { ok: true, themes: Object.keys(checked.value.themes).length, saved: this.save() };
  }

  keptText(key) { return this.kept.text(key); }

  removeKept(key) {
    const removed = this.kept.remove(key);
    if (removed && this.inPlace?.key === key) this.inPlace = null; // the damaged store is gone: saving resumes
    return removed;
  }
}
