// Which lessons the reader has finished, kept in localStorage where the browser allows it. In a sandboxed
// iframe (or with storage blocked) merely touching localStorage throws: the tutorial then keeps progress in
// memory for the visit and works the same.
import { openLocalStorage } from "./storage.js";

const KEY = "chickenfoot.tutorial.v1";

export class Progress {
  constructor() {
    this.store = openLocalStorage();
    this.data = { completed: [], current: null };
    try {
      const saved = this.store && JSON.parse(this.store.getItem(KEY) || "null");
      if (saved && Array.isArray(saved.completed)) this.data = { completed: saved.completed, current: saved.current };
    } catch {
      // unreadable saved progress: start afresh rather than fail
    }
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
