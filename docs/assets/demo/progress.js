// Which lessons the reader has finished, kept in localStorage where the browser allows it, read by its
// checked reader (stored-readers.js: lesson ids only). In a sandboxed iframe (or with storage blocked)
// merely touching localStorage throws: the tutorial then keeps progress in memory for the visit and works
// the same.
import { openLocalStorage } from "./storage.js";
import { readProgress } from "./stored-readers.js";

const KEY = "chickenfoot.tutorial.v1";

export class Progress {
  constructor() {
    this.store = openLocalStorage();
    let text = null;
    try { text = this.store ? this.store.getItem(KEY) : null; } catch { text = null; }
    this.data = readProgress(text); // unreadable progress starts afresh: lessons are quick to redo
  }

  get persistent() { return this.store !== null; }
  isComplete(id) { return this.data.completed.includes(id); }
  get current() { return this.data.current; }

  complete(id) {
    if (!this.isComplete(id)) this.data.completed.push(id);
    this.save();
  }

  setCurrent(id) {
    this.data.current = id;
    this.save();
  }

  save() {
    try {
      this.store?.setItem(KEY, JSON.stringify(this.data));
    } catch {
      // full or blocked storage: progress stays in memory
    }
  }
}
