// The lesson flow, after lichess's "learn": one goal per lesson, immediate feedback on a refused move (with a
// link to the rule in the reader's language), every move announced, and a map of all lessons with the reader's
// progress (lesson-map.js). A finished lesson is frozen: its success message, nothing left to play, and the
// way on. The worker checks moves and goals; this module only shows what it answers.
import { t } from "./strings.js";
import { Board, legalIndex } from "./board.js";
import { attachInput } from "./input.js";
import { chosenMove } from "./moves.js";
import { refusalText, sayUnplayable } from "./messages.js";
import { said } from "./said.js";
import { tileText, withTilePictures } from "./tile-names.js";
import { Progress } from "./progress.js";
import { LessonMap } from "./lesson-map.js";
import { TableMode } from "./table-mode.js";
import { nameOtherPlayers } from "./names.js";
import { element } from "./dom.js";
import { declareScroller } from "./scroller.js";

export class Tutorial {
  /**
   * @param {HTMLElement} root the app's root
   * @param {import("./protocol.js").EngineClient} engine
   * @param {{language: string, siteRoot: URL}} where
   * @param {{embedded?: boolean, preset?: {lesson?: string|null}|null}} options embedded: in the embed frame;
   *   preset.lesson: the lesson to open (its number from 1, or its id)
   */
  constructor(root, engine, where, options = {}) {
    this.root = root;
    this.engine = engine;
    this.where = where;
    this.embedded = Boolean(options.embedded);
    this.wanted = options.preset?.lesson ?? null;
    this.progress = new Progress();
    this.state = null;
    this.selected = null;
    this.busy = false;
    nameOtherPlayers("opponent");
  }

  async open() {
    // The lessons are asked for before the frame is built, and the worker answers while the page builds it
    // (its first answer also waits for its snapshot of Python, worker.js): one wait instead of two in a row.
    const asked = this.engine.lessons();
    this.buildFrame();
    this.tableMode.enter();
    const { lessons, rule_pages: rulePages } = await asked;
    this.lessons = lessons;
    this.rulePages = rulePages;
    this.buildMap();
    // The first lesson's words arrive after its frame: shown only once whole, the board does not jump down
    // under the reader as they arrive (a layout shift). Transparent, not hidden, so the hand can take focus.
    this.stage.style.opacity = "0";
    try {
      await this.startLesson(this.firstLesson().id, { focus: "hand" });
    } finally {
      this.stage.style.opacity = "";
    }
  }

  /** The lesson asked for by the embedder, else the one the reader was on, else the first. */
  firstLesson() {
    const lessons = this.lessons;
    if (this.wanted !== null && this.wanted !== "") {
      const number = /^\d{1,3}$/.test(this.wanted) ? Number(this.wanted) : null;
      const found = number ? lessons[number - 1] : lessons.find((lesson) => lesson.id === this.wanted);
      if (found) return found;
      this.root.dispatchEvent(new CustomEvent("chickenfoot:lesson-unknown", { bubbles: true, detail: { value: String(this.wanted) } }));
      return lessons[0];
    }
    return lessons.find((lesson) => lesson.id === this.progress.current) || lessons[0];
  }

  ruleUrl(ruleId) {
    const prefix = this.where.language === "en" ? "" : `${this.where.language}/`;
    return new URL(`${prefix}${this.rulePages[ruleId]}/#${ruleId}`, this.where.siteRoot).href;
  }

  buildFrame() {
    this.root.classList.add("demo--app", "tutorial");
    this.tableMode = new TableMode(this.root, { embedded: this.embedded,
      onChange: (active) => this.board?.view.setFullWindow(active && !this.embedded) });
    // On the tutorial page the app sits under an h2 ("The tutorial"); in the embed frame, under the frame's h1.
    this.heading = element(this.embedded ? "h2" : "h3", { class: "demo-title", tabindex: "-1" });
    this.mapButton = element("button", { type: "button", class: "md-button demo-map-toggle", "aria-expanded": "false",
      "aria-controls": "demo-lesson-map" }, t("Lessons"));
    this.mapButton.addEventListener("click", () => this.toggleMap());
    const bar = element("div", { class: "demo-bar" });
    bar.append(...[this.tableMode.backButton(), this.heading, this.mapButton].filter(Boolean));

    // the explanation: on a phone a box of its own that scrolls, with a "More" cue while text lies below
    this.intro = element("div", { class: "demo-intro", tabindex: "0" });
    const introBox = element("div", { class: "demo-intro-box" });
    introBox.append(this.intro);
    this.introCue = declareScroller(this.intro, { axis: "y" });
    this.task = element("p", { class: "demo-task" });
    this.hints = element("ol", { class: "demo-hints" });
    this.scores = element("div", { class: "demo-scores" });
    const lesson = element("section", { class: "demo-lesson", "aria-label": t("Lesson") });
    lesson.append(introBox, this.task, this.hints, this.scores);

    this.board = new Board(element("div", { class: "tutorial-board" }), {
      onWidth: () => this.redraw() });
    this.feedback = element("div", { class: "demo-feedback", role: "alert" });
    this.announce = element("p", { class: "demo-announce", "aria-live": "polite" });
    this.board.message.append(this.feedback, this.announce);
    this.hintButton = element("button", { type: "button", class: "md-button demo-hint" }, t("Hint"));
    this.hintButton.setAttribute("aria-label", t("Show a hint"));
    this.hintButton.addEventListener("click", () => this.showHint());
    this.restart = element("button", { type: "button", class: "md-button demo-restart" }, t("Start again"));
    this.restart.setAttribute("aria-label", t("Start this lesson again"));
    this.restart.addEventListener("click", () => this.startLesson(this.state.lesson.id, { focus: "hand" }));
    this.board.controls.append(this.hintButton, this.restart);
    attachInput(this.board, {
      select: (tile, how) => this.select(tile, how),
      play: (choice) => this.play(choice),
    });

    this.stage = element("div", { class: "demo-stage" });
    this.stage.append(lesson, this.board.root);
    const notice = this.progress.persistent ? [] :
      [element("p", { class: "demo-notice" }, t("Your progress is kept only until you leave this page."))];
    const body = element("div", { class: "demo-body" });
    body.append(...notice, this.stage);
    this.root.replaceChildren(bar, body);
    declareScroller(body, { axis: "y" }); // the lesson map, the new-game form: longer than a phone's screen
  }

  /** The map of all lessons, once the engine has listed them: hidden, before the lesson's stage. */
  buildMap() {
    this.map = new LessonMap(this.lessons, this.progress, { choose: (id) => this.startLesson(id, { focus: "heading" }),
      close: () => this.toggleMap(false), where: this.embedded ? null : this.where });
    this.stage.before(this.map.element);
  }

  toggleMap(open = this.map?.element.hidden) {
    if (!this.map) return; // pressed in the moment before the engine listed the lessons
    this.map.element.hidden = !open;
    this.stage.hidden = open;
    this.mapButton.setAttribute("aria-expanded", String(open));
    if (open) this.map.show(this.state?.lesson.id);
    else this.heading.focus({ preventScroll: true });
  }

  get width() {
    return this.board.tableWidth || null;
  }

  async redraw() {
    if (!this.state || this.busy) return;
    this.show(await this.engine.lessonView({ fit_width: this.width }), null);
  }

  /** @param {string} lessonId @param {{focus?: "hand"|"heading"|null}} how where focus goes once it is shown */
  async startLesson(lessonId, { focus = null } = {}) {
    if (!lessonId) return;
    this.map.element.hidden = true;
    this.stage.hidden = false;
    this.mapButton.setAttribute("aria-expanded", "false");
    // Mexican Train trains carry their owner's name, and the Mexican train its own: every lit ring says whose
    // train it ends
    const state = await this.engine.lessonStart({ lesson_id: lessonId, board_title: t("The table"),
      board_desc: t("The dominoes on the table, with the ends you may play on."), fit_width: this.width,
      trains: { 0: t("You"), 1: t("Your opponent"), mx: t("Mexican train") } });
    this.progress.setCurrent(lessonId);
    this.selected = null;
    this.hintsShown = 0;
    const lesson = state.lesson;
    const index = this.lessons.findIndex((entry) => entry.id === lessonId);
    this.heading.textContent = `${index + 1}. ${t(lesson.title)}`;
    this.intro.replaceChildren(...lesson.intro.map((text) => tileText("p", {}, t(text, lesson.numbers))));
    this.task.replaceChildren(element("strong", {}, t("Your task:")), ...withTilePictures(` ${t(lesson.task, lesson.numbers)}`));
    this.feedback.replaceChildren();
    delete this.feedback.dataset.result;
    this.announce.textContent = "";
    this.hints.replaceChildren();
    this.intro.scrollTop = 0;
    this.show(state, focus === "hand" ? "hand" : null);
    this.introCue.update();
    // Set once the lesson is on screen: tests and embedders wait on it.
    this.root.dataset.lesson = lessonId;
    if (focus === "heading") this.heading.focus({ preventScroll: true });
  }

  showHint() {
    const lesson = this.state.lesson;
    if (this.hintsShown >= lesson.hints.length || this.state.complete) return;
    this.hints.append(tileText("li", {}, t(lesson.hints[this.hintsShown], lesson.numbers)));
    this.hintsShown += 1;
    this.hints.lastElementChild.scrollIntoView({ block: "nearest" });
  }

  select(tile, how = {}) {
    if (this.busy || this.state.complete) return;
    this.selected = tile;
    this.show(this.state, how.keyboard ? (tile ? "ends" : "hand") : null);
    sayUnplayable(this.root, this.feedback, tile);
    if (tile && !how.keyboard && !how.dragging) this.board.revealFits(); // not mid-drag: nothing moves under a finger
  }

  /** @param {{tile?: string, end?: string, kind?: string}} choice a tile on an end, or draw, pass, end */
  async play(choice) {
    if (this.busy || this.state.complete) return;
    const move = chosenMove(this.state.view.legal_moves, choice);
    const keyboard = this.root.contains(document.activeElement) && document.activeElement.matches("[data-end], [data-move]");
    this.busy = true;
    this.root.dataset.busy = "true";
    try {
      const before = this.state.view.layout;
      const next = await this.engine.lessonMove({ move, fit_width: this.width });
      const { answer } = next;
      if (answer.result === "played") {
        this.feedback.replaceChildren();
        delete this.feedback.dataset.result;
        this.selected = null;
        this.announce.textContent = answer.events.map((event) => said(event.say, next.view.layout)).filter(Boolean).join(" ");
        this.show(next, keyboard ? "hand" : null);
      } else {
        this.explain(answer, before);
        this.show(next, keyboard && this.selected ? "ends" : null);
      }
    } finally {
      this.busy = false;
      this.root.dataset.busy = "false";
      // Tests and embedders wait on this count: one more answer from the engine has been shown.
      this.root.dataset.answers = String(Number(this.root.dataset.answers || 0) + 1);
    }
  }

  explain(answer, layout) {
    const lesson = this.state.lesson;
    const text = answer.result === "steered" ? t(answer.message, lesson.numbers) : refusalText(answer, layout);
    const parts = [tileText("p", { class: "demo-why" }, text)];
    if (answer.rule_id) {
      const paragraph = element("p");
      paragraph.append(element("a", { href: this.ruleUrl(answer.rule_id), class: "demo-rule-link",
        "data-rule": answer.rule_id, target: "_top" }, this.rulePages[answer.rule_id] === "strategy"
        ? t("Read this tip on the Strategy page") : t("Read this rule on the rules page")));
      parts.push(paragraph);
    }
    this.feedback.replaceChildren(...parts);
    this.feedback.dataset.result = answer.result;
    this.root.dataset.feedback = answer.code || answer.result;
  }

  show(state, focus) {
    const wasComplete = this.state?.complete && this.state.lesson.id === state.lesson.id;
    this.state = state;
    const done = state.complete;
    this.board.render({ state, selected: done ? null : this.selected, frozen: done, pictureKey: state.lesson.id },
      done ? null : focus);
    this.board.root.classList.toggle("is-frozen", done);
    this.stage.classList.toggle("is-complete", done);
    this.renderScores(state);
    this.root.dataset.complete = String(done);
    if (done && !wasComplete) this.finish(state);
    else if (!done && state.stuck) {
      this.feedback.replaceChildren(element("p", {}, t("This round can no longer reach the goal. Start the lesson again.")));
    }
    this.root.dataset.legal = String(legalIndex(state.view.legal_moves).fits.size);
  }

  // The lesson is won: it is frozen with its success message and the one clear way on.
  finish(state) {
    this.progress.complete(state.lesson.id);
    const success = tileText("p", { class: "demo-success" }, t(state.lesson.success, state.lesson.numbers));
    const parts = [success];
    let next = null;
    if (state.next_lesson) {
      const index = this.lessons.findIndex((entry) => entry.id === state.next_lesson);
      next = element("button", { type: "button", class: "md-button md-button--primary demo-next" },
        t("Next lesson: {title}", { title: `${index + 1}. ${t(this.lessons[index].title)}` }));
      next.addEventListener("click", () => this.startLesson(state.next_lesson, { focus: "heading" }));
      parts.push(next);
    } else {
      parts.push(element("p", {}, t("You have finished every lesson.")));
    }
    const all = element("button", { type: "button", class: "md-button demo-all-lessons" }, t("All lessons"));
    all.addEventListener("click", () => this.toggleMap(true));
    parts.push(all);
    this.feedback.replaceChildren(...parts);
    this.feedback.dataset.result = "complete";
    (next || all).focus({ preventScroll: true });
  }

  renderScores(state) {
    if (!state.previous_rounds) return this.scores.replaceChildren();
    const rows = state.match ? state.match.round_scores : state.previous_rounds;
    const table = element("table", { class: "demo-score-table" });
    table.append(element("caption", {}, t("Scores by round")));
    const head = element("tr");
    for (const text of [t("Round"), t("You"), t("Your opponent")]) head.append(element("th", { scope: "col" }, text));
    table.append(head);
    const totals = [0, 0];
    rows.forEach((scores, index) => {
      const row = element("tr");
      row.append(element("th", { scope: "row" }, String(index + 1)));
      scores.forEach((score, seat) => { totals[seat] += score; row.append(element("td", {}, String(score))); });
      table.append(row);
    });
    const total = element("tr");
    total.append(element("th", { scope: "row" }, t("Total")));
    totals.forEach((value) => total.append(element("td", {}, String(value))));
    table.append(total);
    this.scores.replaceChildren(table);
  }
}
