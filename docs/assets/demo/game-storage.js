// Where the game keeps its save: localStorage when the browser allows it. In a sandboxed iframe (origin
// "null") or with storage blocked, merely touching localStorage throws; the game then runs without saving
// and says so, instead of failing.
//
// A save this page cannot resume (a newer version's, damaged, too large) is never deleted: it moves aside
// (kept-aside.js) before a new game saves. Where storage is too full to move it, it stays in place and this
// slot saves nothing over it until the reader exports or removes it.
import { openLocalStorage } from "./storage.js";
import { KeptAside } from "./kept-aside.js";

export const KEY = "chickenfoot.game.v1";

export class SaveSlot {
  constructor(enabled = true) {
    this.store = enabled ? openLocalStorage() : null;
    this.kept = new KeptAside(this.store);
    this.inPlace = null; // the unreadable save, while it could not move aside
  }

  get persistent() { return this.store !== null; }

  /** The saved text, or null. */
  read() {
    try { return this.store ? this.store.getItem(KEY) : null; } catch { return null; }
  }

  write(save) {
    if (this.inPlace) return false; // never over a save this page could not read
    try {
      this.store?.setItem(KEY, JSON.stringify(save));
      return true;
    } catch {
      return false; // full or revoked: the game goes on, unsaved
    }
  }

  /** The save cannot be resumed here (`reason`: stored-readers.js REASONS): it moves aside, or stays put. */
  keepAside(reason) {
    if (this.kept.keep(KEY, "game", reason)) return true;
    if (this.read() !== null) this.inPlace = { key: KEY, kind: "game", reason, kept: null };
    return false;
  }

  /** Saves kept aside, the one waiting in place first. */
  keptItems() {
    return [...(this.inPlace ? [this.inPlace] : []), ...this.kept.list(["game"])];
  }

  removeKept(key) {
    const removed = this.kept.remove(key);
    if (removed && this.inPlace?.key === key) this.inPlace = null;
    return removed;
  }

  clear() {
    try { this.store?.removeItem(KEY); } catch { /* nothing to clear */ }
  }
}
