// The computer players' pace: how long each of their steps stays on screen before the next, and the
// controls for it (speed, pause, skip to my turn). A step is one move, or a computer's whole first train in
// Mexican Train (the worker decides, engine/bridge/game_session.py), shown faster so that the first round's
// seven trains do not keep the reader waiting.
import { t } from "./strings.js";
import { element } from "./dom.js";

const N_ = (s) => s;

// Milliseconds from one computer step to the next (the worker's own time included, the drawing after it
// not: Normal stays under 0.4 s a move as a reader sees it); "instant" plays every computer move up to the
// reader's turn in one request. First trains come faster: seven computers laying theirs keep the reader
// waiting under 2 s (scripts/bench_pace.py measures both).
export const SPEEDS = [
  { name: "slow", label: N_("Slow"), step: 1200, firstTrain: 1200 },
  { name: "normal", label: N_("Normal"), step: 350, firstTrain: 180 },
  { name: "fast", label: N_("Fast"), step: 150, firstTrain: 80 },
  { name: "instant", label: N_("Instant"), step: 0, firstTrain: 0 },
];

export class Pace {
  /**
   * @param {{step: (all: boolean) => Promise<void>, waiting: () => boolean, firstTrain: () => boolean,
   *          changed: () => void}} game step: one computer step (all: every one up to the reader's turn);
   *   waiting: a computer is to move; firstTrain: its next step lays a first train; changed: pause toggled
   */
  constructor(game) {
    this.game = game;
    this.speed = "normal";
    this.paused = false;
    this.timer = null;
    this.lastStepAt = 0;
    this.busy = false;
    this.skipping = false;
  }

  /** The speed menu, the pause button and the skip button (the caller places them). */
  build() {
    const select = element("select", { id: "game-speed", class: "game-speed" });
    for (const { name, label } of SPEEDS) select.append(element("option", { value: name, selected: name === this.speed }, t(label)));
    select.addEventListener("change", () => { this.speed = select.value; this.schedule(); });
    this.pauseButton = element("button", { type: "button", class: "md-button game-pause" }, t("Pause"));
    this.pauseButton.addEventListener("click", () => this.togglePause());
    this.skipButton = element("button", { type: "button", class: "md-button game-skip", hidden: true }, t("Skip to my turn"));
    this.skipButton.addEventListener("click", () => this.skip());
    const speed = element("div", { class: "game-pace" });
    speed.append(element("label", { for: "game-speed" }, t("Computer speed")), select, this.pauseButton);
    this.select = select;
    return { speed, skip: this.skipButton };
  }

  setSpeed(name) {
    this.speed = name;
    this.select.value = name;
    this.schedule();
  }

  get delay() {
    const speed = SPEEDS.find((entry) => entry.name === this.speed);
    return this.game.firstTrain() ? speed.firstTrain : speed.step;
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  /** After the reader's own move (or a new round, game or undo): the computers' first step waits a whole
   *  step too, so the reader sees their move land before the answer. */
  afterReader() {
    this.lastStepAt = performance.now();
    this.schedule();
  }

  /** Plans the next computer step, if one is due; called after every change of the game. */
  schedule() {
    this.stop();
    this.skipButton.hidden = !this.game.waiting();
    if (!this.game.waiting()) this.skipping = false;
    if (this.paused || !this.game.waiting()) return;
    if (this.skipping) return this.run(true);
    const wait = Math.max(0, this.lastStepAt + this.delay - performance.now());
    this.timer = setTimeout(() => this.run(this.speed === "instant"), wait);
  }

  async run(all) {
    this.timer = null;
    if (this.busy || !this.game.waiting()) return;
    this.busy = true;
    this.lastStepAt = performance.now();
    try {
      await this.game.step(all);
    } finally {
      this.busy = false;
    }
    if (all) this.skipping = false;
    this.schedule();
  }

  /** Every computer move up to the reader's turn (or the round's end), at once. */
  skip() {
    this.skipping = true; // a step already on its way finishes first, then the rest follow at once
    this.stop();
    this.run(true);
  }

  togglePause() {
    this.paused = !this.paused;
    this.pauseButton.textContent = this.paused ? t("Resume") : t("Pause");
    this.game.changed();
    this.schedule();
  }
}
