// Where the game keeps its save: localStorage when the browser allows it. In a sandboxed iframe (origin
// "null") or with storage blocked, merely touching localStorage throws; the game then runs without saving
// and says so, instead of failing.
import { openLocalStorage } from "./storage.js";

const KEY = "chickenfoot.game.v1";

export class SaveSlot {
  constructor(enabled = true) {
    this.store = enabled ? openLocalStorage() : null;
  }

  get persistent() { return this.store !== null; }

  /** The saved text, or null. */
  read() {
    try { return this.store ? this.store.getItem(KEY) : null; } catch { return null; }
  }

  write(save) {
    try {
      this.store?.setItem(KEY, JSON.stringify(save));
      return true;
    } catch {
      return false; // full or revoked: the game goes on, unsaved
    }
  }

  clear() {
    try { this.store?.removeItem(KEY); } catch { /* nothing to clear */ }
  }
}
