// The score keeper's games, kept in localStorage where the browser allows it: every sheet (as the engine
// checked it), when it was started and last changed, which one is open, and the large-numbers choice.
// Storage can be missing (a sandboxed frame, a private mode) or full: each write says whether it worked,
// and the games stay in memory for the visit either way, so the page can say so and nothing typed is lost.
import { openLocalStorage } from "./storage.js";

const KEY = "chickenfoot.scores.v1";
const VERSION = 1;

function emptyData() {
  return { version: VERSION, games: [], current: null, large: false };
}

function isEntry(entry) {
  return entry && typeof entry.id === "string" && entry.sheet && typeof entry.sheet === "object";
}

export class ScoreStore {
  constructor(store = openLocalStorage()) {
    this.store = store;
    this.data = emptyData();
    this.damaged = false;
    try {
      const saved = this.store ? JSON.parse(this.store.getItem(KEY) || "null") : null;
      if (saved && saved.version === VERSION && Array.isArray(saved.games)) {
        this.data = { ...emptyData(), ...saved, games: saved.games.filter(isEntry) };
      }
    } catch {
      this.damaged = true; // unreadable: left in place (not overwritten until the reader saves a game)
    }
  }

  get persistent() { return this.store !== null; }
  get games() { return [...this.data.games].sort((a, b) => String(b.updated).localeCompare(String(a.updated))); }
  get current() { return this.data.games.find((entry) => entry.id === this.data.current) || null; }
  get large() { return Boolean(this.data.large); }

  /** Saves everything; false when storage is missing, blocked or full (the data stays in memory). */
  write() {
    if (!this.store) return false;
    try {
      this.store.setItem(KEY, JSON.stringify(this.data));
      this.damaged = false;
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
