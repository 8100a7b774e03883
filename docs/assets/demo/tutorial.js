// The lesson flow: which lesson, its words, the task, hints, feedback on refused moves (with a link to the
// rule in the reader's language), announcements of every move, and the way on to the next lesson. The
// worker checks moves and goals; this module only shows what it answers.
import { t } from "./strings.js";
import { legalIndex, renderBoard } from "./board.js";
import { attachInput, settleFocus } from "./input.js";
import { eventText, refusalText } from "./messages.js";
import { Progress } from "./progress.js";
import { element } from "./dom.js";

export class Tutorial {
  /**
   * @param {HTMLElement} root the app's root
   * @param {import("./protocol.js").EngineClient} engine
   * @param {{language: string, siteRoot: URL}} where
   */
  constructor(root, engine, where) {
    this.root = root;
    this.engine = engine;
    this.where = where;
    this.progress = new Progress();
    this.state = null;
    this.selected = null;
    this.busy = false;
  }

  async open() {
    const { lessons, rule_pages: rulePages } = await this.engine.call("lessons");
    this.lessons = lessons;
    this.rulePages = rulePages;
    const saved = this.progress.current;
    const first = lessons.find((lesson) => lesson.id === saved) || lessons[0];
    this.buildFrame();
    await this.startLesson(first.id, false);
  }

  ruleUrl(ruleId) {
    const prefix = this.where.language === "en" ? "" : `${this.where.language}/`;
    return new URL(`${prefix}${this.rulePages[ruleId]}/#${ruleId}`, this.where.siteRoot).href;
  }

  buildFrame() {
    const picker = element("select", { class: "demo-picker", id: "demo-lesson-picker" });
    this.lessons.forEach((lesson, index) => {
      const option = element("option", { value: lesson.id });
      option.textContent = this.lessonLabel(lesson, index);
      picker.append(option);
    });
    picker.addEventListener("change", () => this.startLesson(picker.value, true));
    const label = element("label", { for: "demo-lesson-picker", class: "demo-picker-label" }, t("Lesson"));
    this.picker = picker;
    this.heading = element("h3", { class: "demo-title", tabindex: "-1" });
    this.intro = element("div", { class: "demo-intro" });
    this.task = element("p", { class: "demo-task" });
    this.feedback = element("div", { class: "demo-feedback", role: "alert" });
    this.board = element("div", { class: "demo-board" });
    this.announce = element("p", { class: "demo-announce", "aria-live": "polite" });
    this.hints = element("ol", { class: "demo-hints" });
    this.scores = element("div", { class: "demo-scores" });
    const hint = element("button", { type: "button", class: "md-button demo-hint" }, t("Show a hint"));
    hint.addEventListener("click", () => this.showHint());
    const restart = element("button", { type: "button", class: "md-button demo-restart" }, t("Start this lesson again"));
    restart.addEventListener("click", () => this.startLesson(this.state.lesson.id, true));
    this.next = element("button", { type: "button", class: "md-button md-button--primary demo-next", hidden: "" },
      t("Next lesson"));
    this.next.addEventListener("click", () => this.startLesson(this.state.next_lesson, true));
    const buttons = element("div", { class: "demo-buttons" });
    buttons.append(hint, restart, this.next);
    const nav = element("div", { class: "demo-nav" });
    nav.append(label, picker);
    const notice = this.progress.persistent ? [] :
      [element("p", { class: "demo-notice" }, t("Your progress is kept only until you leave this page."))];
    this.root.replaceChildren(nav, ...notice, this.heading, this.intro, this.task, this.feedback, this.scores,
      this.board, this.announce, buttons, this.hints);
    attachInput(this.board, {
      select: (tile) => this.select(tile),
      play: (move) => this.play(move),
    });
  }

  lessonLabel(lesson, index) {
    const title = `${index + 1}. ${t(lesson.title)}`;
    const game = lesson.game === "chicken-foot" ? t("Chicken Foot") : t("Mexican Train");
    const done = t("done"); // outside the template literal, where Babel's extractor cannot see it
    const mark = this.progress.isComplete(lesson.id) ? ` ✓ ${done}` : "";
    return `${game}: ${title}${mark}`;
  }

  async startLesson(lessonId, focusHeading) {
    if (!lessonId) return;
    const state = await this.engine.startLesson(lessonId, t("The table"),
      t("The dominoes on the table, with the ends you may play on."));
    this.progress.setCurrent(lessonId);
    this.selected = null;
    this.hintsShown = 0;
    this.picker.value = lessonId;
    const lesson = state.lesson;
    const index = this.lessons.findIndex((entry) => entry.id === lessonId);
    this.heading.textContent = `${index + 1}. ${t(lesson.title)}`;
    this.intro.replaceChildren(...lesson.intro.map((text) => element("p", {}, t(text, lesson.numbers))));
    this.task.replaceChildren(element("strong", {}, t("Your task:")), document.createTextNode(` ${t(lesson.task, lesson.numbers)}`));
    this.feedback.replaceChildren();
    this.announce.textContent = "";
    this.hints.replaceChildren();
    this.show(state, null);
    // Set once the lesson is on screen: tests and embedders wait on it.
    this.root.dataset.lesson = lessonId;
    if (focusHeading) this.heading.focus();
  }

  showHint() {
    const lesson = this.state.lesson;
    if (this.hintsShown >= lesson.hints.length) return;
    this.hints.append(element("li", {}, t(lesson.hints[this.hintsShown], lesson.numbers)));
    this.hintsShown += 1;
  }

  select(tile) {
    if (this.busy) return;
    this.selected = tile;
    this.show(this.state, tile ? "ends" : "hand");
  }

  async play(move) {
    if (this.busy) return;
    this.busy = true;
    this.root.dataset.busy = "true";
    try {
      const before = this.state.view.layout;
      const next = await this.engine.play(move);
      const { answer } = next;
      if (answer.result === "played") {
        this.feedback.replaceChildren();
        this.selected = null;
        const said = answer.events.map((event) => eventText(event, next.view.layout, next.view.game))
          .filter(Boolean);
        this.announce.textContent = said.join(" ");
        this.show(next, "hand");
      } else {
        this.explain(answer, before);
        this.show(next, this.selected ? "ends" : "hand");
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
    const parts = [element("p", { class: "demo-why" }, text)];
    if (answer.rule_id) {
      const link = element("a", { href: this.ruleUrl(answer.rule_id), class: "demo-rule-link",
        "data-rule": answer.rule_id, target: "_top" }, t("Read this rule on the rules page"));
      parts.push(element("p", {}, ""));
      parts[1].append(link);
    }
    this.feedback.replaceChildren(...parts);
    this.feedback.dataset.result = answer.result;
    this.root.dataset.feedback = answer.code || answer.result;
  }

  show(state, focus) {
    this.state = state;
    renderBoard(this.board, { state, selected: this.selected });
    settleFocus(this.board, focus);
    this.renderScores(state);
    const done = state.complete;
    this.root.dataset.complete = String(done);
    this.next.hidden = !(done && state.next_lesson);
    if (done) {
      this.progress.complete(state.lesson.id);
      const index = this.lessons.findIndex((entry) => entry.id === state.lesson.id);
      this.picker.options[index].textContent = this.lessonLabel(this.lessons[index], index);
      const success = element("p", { class: "demo-success" }, t(state.lesson.success, state.lesson.numbers));
      const more = state.next_lesson ? [] : [element("p", {}, t("You have finished every lesson."))];
      this.feedback.replaceChildren(success, ...more);
      this.feedback.dataset.result = "complete";
    } else if (state.stuck) {
      this.feedback.replaceChildren(element("p", {}, t("This round can no longer reach the goal. Start the lesson again.")));
    }
    this.root.dataset.legal = String(legalIndex(state.view.legal_moves).fits.size);
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
