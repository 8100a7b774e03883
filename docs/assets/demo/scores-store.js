// The score keeper's games, kept in localStorage where the browser allows it: every sheet (as the engine
// checked it), when it was started and last changed, which one is open, and the large-numbers choice.
// Storage can be missing (a sandboxed frame, a private mode) or full: each write says whether it worked,
// and the games stay in memory for the visit either way, so the page can say so and nothing typed is lost.
//
// The store is read by its checked reader (stored-readers.js). What this page cannot read is never dropped
// nor overwritten: a whole store it cannot read (a newer version's, damaged, too large) and each saved
// sheet it cannot read move aside (kept-aside.js) before anything is saved again; where storage is too full
// for that, nothing is saved over them.
import { openLocalStorage } from "./storage.js";
import { readScoreStore, SCORE_STORE_VERSION } from "./stored-readers.js";
import { KeptAside } from "./kept-aside.js";

export const KEY = "chickenfoot.scores.v1";

function emptyData() {
  return { version: SCORE_STORE_VERSION, games: [], current: null, large: false };
}

export class ScoreStore {
  constructor(store = openLocalStorage()) {
    this.store = store;
    this.kept = new KeptAside(store);
    this.data = emptyData();
    this.writable = true; // false while something unreadable could not be moved aside
    this.inPlace = null; // that thing, when it is the whole store: listed with the kept items
    this.keptNow = 0; // how many things this visit moved aside (the page says so once)
  }

  /** Reads the saved games against rules.json (the rules a sheet names must be ones this site knows). */
  load(rulesData) {
    let text = null;
    try { text = this.store ? this.store.getItem(KEY) : null; } catch { text = null; }
    if (text === null) return;
    const read = readScoreStore(text, rulesData);
    if (!read.ok) {
      if (this.kept.keep(KEY, "scores", read.reason)) this.keptNow += 1;
      else this.stayInPlace({ key: KEY, kind: "scores", reason: read.reason, kept: null });
      return;
    }
    this.data = read.value;
    for (const { entry, reason } of read.unreadable) {
      if (this.kept.keepText(JSON.stringify(entry), "sheet", reason)) this.keptNow += 1;
      else this.writable = false; // the store keeps it: saving the others would drop it
    }
    if (read.unreadable.length) this.write(); // the store without what is now kept aside
  }

  stayInPlace(item) {
    this.writable = false;
    this.inPlace = item;
  }

  get persistent() { return this.store !== null; }
  get games() { return [...this.data.games].sort((a, b) => String(b.updated).localeCompare(String(a.updated))); }
  get current() { return this.data.games.find((entry) => entry.id === this.data.current) || null; }
  get large() { return Boolean(this.data.large); }

  /** What is kept aside: score stores and sheets, and the store itself where it could not move. */
  keptItems() {
    return [...(this.inPlace ? [this.inPlace] : []), ...this.kept.list(["scores", "sheet"])];
  }

  /** Removes a kept item (the reader asked); the store can be saved again once nothing waits in its place. */
  removeKept(key) {
    const removed = this.kept.remove(key);
    if (removed && this.inPlace?.key === key) {
      this.inPlace = null;
      this.writable = true;
    }
    return removed;
  }

  /** Saves everything; false when storage is missing, blocked or full (the data stays in memory). */
  write() {
    if (!this.store || !this.writable) return false;
    try {
      this.store.setItem(KEY, JSON.stringify(this.data));
      return true;
    } catch {
      return false;
    }
  }

  add(sheet) {
    const now = new Date().toISOString();
    const id = `${now}-${Math.random().toString(36).slice(2, 8)}`;
    this.data.games.push({ id, created: now, updated: now, sheet });
    this.data.current = id;
    return { id, saved: this.write() };
  }

  update(id, sheet) {
    const entry = this.data.games.find((candidate) => candidate.id === id);
    if (!entry) return this.add(sheet);
    entry.sheet = sheet;
    entry.updated = new Date().toISOString();
    this.data.current = id;
    return { id, saved: this.write() };
  }

  open(id) {
    this.data.current = id;
    return this.write();
  }

  remove(id) {
    this.data.games = this.data.games.filter((entry) => entry.id !== id);
    if (this.data.current === id) this.data.current = null;
    return this.write();
  }

  setLarge(large) {
    this.data.large = large;
    return this.write();
  }
}
