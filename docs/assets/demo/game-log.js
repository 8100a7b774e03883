// The move log: one line per engine event worth telling (the sentence the engine sends with it), in the reader's language, and the last few said
// aloud (an aria-live region). The worker sends the log from `log_start` on (an undo may cut it back).
import { t } from "./strings.js";
import { said } from "./said.js";
import { element } from "./dom.js";

export class MoveLog {
  constructor(headingTag) {
    this.lines = [];
    // the list scrolls under its heading; focusable, so keyboard users can scroll it too
    this.list = element("ol", { class: "game-log-list", tabindex: "0", "aria-labelledby": "game-log-title" });
    this.element = element("section", { class: "game-log", "aria-labelledby": "game-log-title" });
    this.element.append(element(headingTag, { id: "game-log-title" }, t("Moves")), this.list);
    this.spoken = element("p", { class: "game-last-move visually-hidden", "aria-live": "polite" });
  }

  /** How many events the page holds: the worker sends those after it. */
  get length() {
    return this.lines.length;
  }

  clear() {
    this.lines = [];
    this.list.replaceChildren();
  }

  say(text) {
    this.spoken.textContent = text;
  }

  /** Adds the state's events; one <li> per event, hidden for events not worth a line, so the list and
   *  `lines` stay index for index. */
  merge(state) {
    this.lines.length = Math.min(this.lines.length, state.log_start);
    while (this.list.children.length > this.lines.length) this.list.lastElementChild.remove();
    const told = [];
    for (const event of state.log) {
      const text = said(event.say, state.layout); // the engine's sentence for it, or none
      this.lines.push(text);
      this.list.append(element("li", { class: `game-log__${event.kind}`, hidden: text === null }, text || ""));
      if (text) told.push(text);
    }
    if (told.length) {
      this.list.scrollTop = this.list.scrollHeight;
      this.say(told.slice(-3).join(" "));
    }
  }
}
