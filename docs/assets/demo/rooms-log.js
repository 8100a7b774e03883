// The rooms page's log: the match's events as the server sends them with each view (engine/rooms/room_log.py:
// `log_start`, `log_end`, and each event worth a line as {i, kind, round, say}), said by the game's own narrator
// (said.js: one sentence per engine code, translated once for the game and the rooms), and the quick phrases
// as they arrive. A page that (re)joins is sent the last events again, so a reload keeps the log; an event
// sent twice (a reconnection) is told once.
import { said } from "./said.js";

const MOST = 120; // lines kept

export class RoomLog {
  constructor() {
    this.lines = []; // oldest first: {i, kind, text} for an event, {i: null, kind: "phrase", text}
    this.end = 0; // the match's events this log holds, counted from its start
  }

  /** Adds a view's events; the ends they name are those of the view's table. */
  merge(view) {
    if (!Array.isArray(view.log) || typeof view.log_start !== "number") return;
    const start = view.log_start;
    // events from `start` on are (re)told now; a gap (the page missed events) leaves the older lines apart
    this.lines = this.lines.filter((line) => line.i === null || (line.i < start && start <= this.end));
    for (const event of view.log) {
      const text = said(event.say, view.table?.layout);
      if (text) this.lines.push({ i: event.i, kind: event.kind, text });
    }
    this.end = view.log_end;
    this.lines.splice(0, Math.max(0, this.lines.length - MOST));
  }

  addPhrase(text) {
    this.lines.push({ i: null, kind: "phrase", text });
    this.lines.splice(0, Math.max(0, this.lines.length - MOST));
  }

  /** The newest line of an event `kind`, or null. */
  last(kind) {
    for (let n = this.lines.length - 1; n >= 0; n -= 1) if (this.lines[n].kind === kind) return this.lines[n].text;
    return null;
  }
}
