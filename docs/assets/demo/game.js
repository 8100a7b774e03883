// A whole match against computer players. The worker owns the game (engine/bridge/game_session.py); this module
// shows what it answers: the board (board.js, shared with the tutorial), the scoreboard, the move log, the
// round and match results, and the controls (hint, undo, pace, pause, records). It saves after every change
// where the browser allows storage, and resumes the save on the next visit.
//
// What it exposes for tests and embedders: data-game-state (setup | playing | round-over | over) and
// data-round on the root, and a "chickenfoot:game-over" DOM event (detail: winners, totals) on the root.
import { t, tn } from "./strings.js";
import { legalIndex, renderBoard } from "./board.js";
import { attachInput, settleFocus } from "./input.js";
import { refusalText } from "./messages.js";
import { SaveSlot } from "./game-storage.js";
import { SetupForm } from "./game-setup.js";
import { HUMAN, gameName, hintText, loadErrorText, logText, outcomeText, playerName, RULE_SET_TEXT } from "./game-text.js";
import { element } from "./dom.js";
import { loadRulesData, problemNotices, readRulesLink } from "./rules-link.js";
import { addRulesStylesheet, rulesSummary } from "./rules-summary.js";
import { parseSvg } from "./svg-markup.js";

const N_ = (s) => s;

// Pause between two computer moves, in milliseconds; "instant" plays them all in one request.
const SPEEDS = [
  ["slow", 1600, N_("Slow")],
  ["normal", 800, N_("Normal")],
  ["fast", 300, N_("Fast")],
  ["instant", 0, N_("Instant")],
];

function button(text, className, onClick) {
  const node = element("button", { type: "button", class: `md-button ${className}` }, text);
  node.addEventListener("click", onClick);
  return node;
}

export class Game {
  /**
   * @param {HTMLElement} root the app's root
   * @param {import("./protocol.js").EngineClient} engine
   * @param {{language: string, siteRoot: URL}} where
   * @param {{embedded?: boolean, preset?: object|null, theme?: string|null}} options embedded: no saving,
   *   no records, the game starts at once from `preset` ({game, ruleset, players, seed})
   */
  constructor(root, engine, where, options = {}) {
    this.root = root;
    this.engine = engine;
    this.where = where;
    this.embedded = Boolean(options.embedded);
    this.preset = options.preset || null;
    this.fixedTheme = options.theme || null;
    this.slot = new SaveSlot(!this.embedded);
    this.state = null;
    this.log = [];
    this.selected = null;
    this.busy = false;
    this.paused = false;
    this.speed = "normal";
    this.timer = null;
    this.rulePages = {};
    // On a site page the app sits under an h2 ("The game"); in the embed frame, under the frame's h1.
    this.headingTag = this.embedded ? "h2" : "h3";
  }

  // --- start-up -------------------------------------------------------------------------------------------

  async open() {
    this.addStylesheet();
    // where each rule id's section is (for the link under a refused move), whatever way the game starts
    this.rulePages = (await this.engine.call("game_setup")).rule_pages;
    await this.setView();
    this.watchColourScheme();
    this.buildFrame();
    if (this.embedded) {
      if (!this.slot.persistent) this.notice(t("Games are not saved here: a reload starts a new game."));
      await this.start(this.preset || {});
      return;
    }
    if (!this.slot.persistent) this.notice(t("Your browser does not let this page save: a reload starts a new game."));
    // a shared rules link (?game=…&rules=…&double_blank=25) opens the new-game form with those rules
    this.link = await this.readLink();
    const saved = this.link ? null : this.slot.read();
    if (saved) {
      try {
        this.show((await this.engine.call("game_load", { save: saved })).state, true);
        this.notice(t("Your saved game is back where you left it."));
        this.schedule();
        return;
      } catch (error) {
        this.slot.clear();
        const refused = t("Your saved game could not be resumed, so a new game starts.");
        this.notice(`${refused} ${loadErrorText(error.code)}`, "game-notice--problem");
      }
    }
    await this.showSetup();
  }

  async readLink() {
    const data = await loadRulesData();
    const link = readRulesLink(window.location.search, data);
    if (!link.given && !link.problems.length) return null;
    addRulesStylesheet();
    this.notices.append(...problemNotices(link.problems, data, "game-notice game-notice--problem"));
    return { ...link, data };
  }

  addStylesheet() {
    const href = new URL("./game.css", import.meta.url).href;
    if (!document.querySelector(`link[href="${href}"]`)) {
      document.head.append(element("link", { rel: "stylesheet", href }));
    }
  }

  get theme() {
    if (this.fixedTheme) return this.fixedTheme;
    return document.body?.getAttribute("data-md-color-scheme") === "slate" ? "dark" : "light";
  }

  async setView() {
    const trains = { mx: t("Mexican train") };
    for (let seat = 0; seat < 8; seat += 1) trains[String(seat)] = playerName(seat);
    await this.engine.call("game_view", { theme: this.theme, words: {
      table: t("The table"), table_desc: t("The dominoes on the table, with the ends you may play on."),
      hand: t("Tile"), trains } });
  }

  // Material's light/dark switch changes the body's colour scheme: redraw the pictures to match.
  watchColourScheme() {
    if (this.fixedTheme || !document.body) return;
    new MutationObserver(this.safely(async () => {
      await this.setView();
      if (this.state && this.root.dataset.gameState !== "setup") {
        this.show((await this.engine.call("game_state", { log_since: this.log.length })).state);
      }
    })).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
  }

  buildFrame() {
    this.notices = element("div", { class: "game-notices" });
    this.setupArea = element("div", { class: "game-setup-area" });
    this.status = element("p", { class: "game-status", "aria-live": "polite" });
    this.panel = element("div", { class: "game-panel", tabindex: "-1" });
    this.feedback = element("div", { class: "demo-feedback game-feedback", role: "alert" });
    this.board = element("div", { class: "demo-board game-board" });
    this.facts = element("p", { class: "game-facts" });
    this.littleBox = element("input", { type: "checkbox", id: "game-chicken-little", class: "game-little" });
    const little = element("div", { class: "game-little-row", hidden: true });
    little.append(this.littleBox, element("label", { for: "game-chicken-little" },
      t("Say “chicken little” with this tile (you will have one left)")));
    this.littleRow = little;
    this.catchButton = button(t("Catch! They did not say “chicken little”"), "game-catch", this.safely(() => this.play("catch")));
    this.catchButton.hidden = true;
    this.hintButton = button(t("Hint"), "game-hint", this.safely(() => this.hint()));
    this.undoButton = button(t("Undo my last move"), "game-undo", this.safely(() => this.undo()));
    this.pauseButton = button(t("Pause"), "game-pause", () => this.togglePause());
    const speed = element("select", { id: "game-speed", class: "game-speed" });
    for (const [value, , label] of SPEEDS) speed.append(element("option", { value, selected: value === this.speed }, t(label)));
    speed.addEventListener("change", () => { this.speed = speed.value; this.schedule(); });
    this.speedSelect = speed;
    const pace = element("div", { class: "game-pace" });
    pace.append(element("label", { for: "game-speed" }, t("Computer speed")), speed, this.pauseButton);
    this.hintText = element("p", { class: "game-hint-text", "aria-live": "polite" });
    const controls = element("div", { class: "game-controls" });
    controls.append(this.hintButton, this.undoButton, this.catchButton);
    this.scores = element("div", { class: "game-scores" });
    // the list scrolls under its heading; focusable, so keyboard users can scroll it too
    this.logList = element("ol", { class: "game-log-list", tabindex: "0", "aria-labelledby": "game-log-title" });
    const log = element("section", { class: "game-log", "aria-labelledby": "game-log-title" });
    log.append(element(this.headingTag, { id: "game-log-title" }, t("Moves")), this.logList);
    this.lastMove = element("p", { class: "game-last-move visually-hidden", "aria-live": "polite" });
    const records = element("div", { class: "game-records" });
    this.newButton = button(t("New game"), "game-new", this.safely(() => this.showSetup()));
    records.append(this.newButton);
    if (!this.embedded) {
      this.exportButton = button(t("Export the game record"), "game-export", this.safely(() => this.exportRecord()));
      records.append(this.exportButton);
      const importId = "game-import-file";
      this.importInput = element("input", { type: "file", id: importId, accept: "application/json,.json",
        class: "game-import-input" });
      this.importInput.addEventListener("change", this.safely(() => this.importRecord()));
      records.append(element("label", { for: importId, class: "md-button game-import" }, t("Import a game record")),
        this.importInput);
    }
    this.playArea = element("div", { class: "game-play", hidden: true });
    const side = element("div", { class: "game-side" });
    side.append(this.scores, log);
    const main = element("div", { class: "game-main" });
    main.append(this.status, this.panel, this.feedback, this.board, this.facts, little, controls, this.hintText, pace);
    this.playArea.append(main, side);
    this.root.replaceChildren(this.notices, this.setupArea, this.playArea, records, this.lastMove);
    this.root.classList.add("game");
    attachInput(this.board, { select: (tile) => this.select(tile), play: (move) => this.safely(() => this.play(move))() });
  }

  // "New game" and "Export" make sense only while a game is on screen; "Import" also from the form.
  showGameButtons(shown) {
    this.newButton.hidden = !shown;
    if (this.exportButton) this.exportButton.hidden = !shown;
  }

  // Wraps an action so that an unexpected failure (a bug, a crashed worker) is told to the reader instead of
  // being lost; refusals the engine explains (illegal moves, bad records) are handled where they happen.
  safely(action) {
    return () => Promise.resolve().then(action).catch((error) => {
      console.error("the game failed:", error);
      this.stopBots();
      this.notice(t("Something went wrong in the game. Reload the page: a saved game goes on from its last move."),
        "game-notice--problem");
    });
  }

  notice(text, extraClass = "") {
    this.notices.append(element("p", { class: `game-notice ${extraClass}`.trim(), role: "status" }, text));
  }

  async showSetup() {
    this.stopBots();
    this.root.dataset.gameState = "setup";
    const last = this.state ? { game: this.state.game, ruleset: this.state.rules.ruleset, players: this.state.players }
      : {};
    if (this.link && !this.state) {
      // the link's rules, listed above the form's own fields; its set and chicken little fill those fields
      const { game, ruleset, options } = this.link.choice;
      Object.assign(last, { game, ruleset, options, set_size: options.set_size ?? null,
        chicken_little: options.chicken_little ?? false,
        note: rulesSummary(this.link.choice, this.link.data, this.where,
          { explain: false, headingTag: "h4", deal: false, onlyHouseRules: true }) });
    }
    const form = new SetupForm(this.engine, last, (choice) => this.safely(() => this.start(choice))(), this.headingTag);
    const rendered = await form.render();
    this.setupArea.replaceChildren(rendered);
    this.setupArea.hidden = false;
    this.playArea.hidden = true;
    this.showGameButtons(false);
    rendered.querySelector("select")?.focus();
  }

  async start(choice) {
    this.stopBots();
    this.log = [];
    this.logList.replaceChildren();
    this.feedback.replaceChildren();
    this.hintText.textContent = "";
    let state;
    try {
      state = (await this.engine.call("game_new", { ...choice, log_since: 0 })).state;
    } catch (error) {
      // Only an embedder's URL can ask for a game the rules cannot deal (the form offers playable choices).
      this.notice(tn("These settings cannot be dealt ({players} player, these rules): the game starts with the default rules for 4 players.",
        "These settings cannot be dealt ({players} players, these rules): the game starts with the default rules for 4 players.",
        choice.players, { players: choice.players }), "game-notice--problem");
      if (error.params?.option) {
        this.notice(t("The rule that cannot be played this way: “{name}”.", { name: error.params.option }), "game-notice--problem");
      }
      console.warn("game settings refused:", error.code);
      state = (await this.engine.call("game_new", { game: choice.game === "mexican-train" ? "mexican-train" : "chicken-foot",
        players: 4, seed: choice.seed ?? 0, log_since: 0 })).state;
    }
    this.show(state, true);
    this.save();
    this.schedule();
    this.board.querySelector(".demo-tile")?.focus();
  }

  // --- the computer players' turns ------------------------------------------------------------------------

  get waitingForBots() {
    const s = this.state;
    return s && !s.result && !s.round_over && s.turn !== HUMAN;
  }

  stopBots() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  schedule() {
    this.stopBots();
    if (this.paused || !this.waitingForBots) return;
    const delay = SPEEDS.find(([name]) => name === this.speed)[1];
    this.timer = setTimeout(this.safely(() => this.botStep()), delay);
  }

  async botStep() {
    this.timer = null;
    if (this.busy || this.paused || !this.waitingForBots) return;
    this.busy = true;
    try {
      const answer = await this.engine.call("game_bot_step",
        { log_since: this.log.length, all: this.speed === "instant" });
      // the reader may have opened the new-game form while the computer was moving: stay on the form
      if (this.root.dataset.gameState === "setup") return;
      this.show(answer.state);
      this.save();
    } finally {
      this.busy = false;
    }
    this.schedule();
  }

  togglePause() {
    this.paused = !this.paused;
    this.pauseButton.textContent = this.paused ? t("Resume") : t("Pause");
    this.root.dataset.paused = String(this.paused);
    this.schedule();
  }

  // --- the human's moves ----------------------------------------------------------------------------------

  select(tile) {
    if (this.busy || !this.state) return;
    this.selected = tile;
    this.render(tile ? "ends" : "hand");
  }

  async play(move) {
    if (this.busy || !this.state || !this.state.is_my_turn) return;
    const announce = this.littleBox.checked && !this.littleRow.hidden && move.includes("@");
    const text = announce ? `${move}!` : move;
    this.busy = true;
    try {
      const layout = this.state.layout;
      const next = await this.engine.call("game_play", { move: text, log_since: this.log.length });
      const { answer } = next;
      if (answer.result === "played") {
        this.selected = null;
        this.littleBox.checked = false;
        this.feedback.replaceChildren();
        this.hintText.textContent = "";
        this.show(next.state);
        this.save();
      } else {
        this.explain(answer, layout);
        this.show(next.state, false, this.selected ? "ends" : "hand");
      }
    } finally {
      this.busy = false;
    }
    this.schedule();
  }

  ruleUrl(ruleId) {
    const prefix = this.where.language === "en" ? "" : `${this.where.language}/`;
    return new URL(`${prefix}${this.rulePages[ruleId]}/#${ruleId}`, this.where.siteRoot).href;
  }

  explain(answer, layout) {
    const parts = [element("p", { class: "demo-why" }, refusalText(answer, layout))];
    if (answer.rule_id && this.rulePages[answer.rule_id]) {
      const paragraph = element("p");
      paragraph.append(element("a", { href: this.ruleUrl(answer.rule_id), class: "demo-rule-link",
        "data-rule": answer.rule_id, target: this.embedded ? "_blank" : "_self", rel: "noopener" },
        t("Read this rule on the rules page")));
      parts.push(paragraph);
    }
    this.feedback.replaceChildren(...parts);
    this.root.dataset.feedback = answer.code || answer.result;
  }

  async hint() {
    if (this.busy || !this.state?.is_my_turn) return;
    const { hint } = await this.engine.call("game_hint");
    if (!hint.move) return;
    this.hintText.textContent = hintText(hint, this.state.layout);
    this.root.dataset.hint = hint.move;
    const tile = hint.move.includes("@") ? hint.move.split("@")[0] : null;
    if (tile) this.select(tile);
  }

  async undo() {
    if (this.busy || !this.state?.can_undo) return;
    this.stopBots();
    this.busy = true;
    try {
      const answer = await this.engine.call("game_undo", { log_since: this.log.length });
      this.selected = null;
      this.feedback.replaceChildren();
      this.hintText.textContent = "";
      this.show(answer.state);
      this.save();
      this.lastMove.textContent = t("Your last move is taken back.");
    } finally {
      this.busy = false;
    }
    this.schedule();
  }

  async nextRound() {
    if (this.busy) return;
    this.busy = true;
    try {
      this.show((await this.engine.call("game_next_round", { log_since: this.log.length })).state);
      this.save();
    } finally {
      this.busy = false;
    }
    this.schedule();
    this.board.querySelector(".demo-tile")?.focus();
  }

  // --- saving and records ---------------------------------------------------------------------------------

  async save() {
    if (!this.slot.persistent || !this.state) return;
    const { save } = await this.engine.call("game_save");
    const saved = this.slot.write(save);
    if (!saved && !this.unsavedNotice) {
      this.unsavedNotice = true; // said once: every move would say it again
      this.notice(t("Your game could not be saved: the browser's storage is full. You can play on, but a reload would lose this game."),
        "game-notice--problem");
    }
  }

  async exportRecord() {
    const { record } = await this.engine.call("game_export");
    const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
    const link = element("a", { href: URL.createObjectURL(blob), download: `chickenfoot-${record.game}-${record.seed}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  async importRecord() {
    const file = this.importInput.files[0];
    this.importInput.value = "";
    if (!file) return;
    const text = await file.text();
    try {
      const { state } = await this.engine.call("game_import", { record: text, log_since: 0 });
      this.stopBots();
      this.log = [];
      this.logList.replaceChildren();
      this.show(state, true);
      this.save();
      this.notice(t("The game record is imported."));
      this.schedule();
    } catch (error) {
      const refused = t("This game record cannot be imported.");
      this.notice(`${refused} ${loadErrorText(error.code)}`, "game-notice--problem");
    }
  }

  // --- drawing --------------------------------------------------------------------------------------------

  show(state, fresh = false, focus = null) {
    this.state = state;
    if (fresh) {
      this.log = [];
      this.logList.replaceChildren();
    }
    this.mergeLog(state);
    this.setupArea.hidden = true;
    this.playArea.hidden = false;
    this.showGameButtons(true);
    this.root.dataset.round = String(state.round + 1);
    this.root.dataset.moves = String(state.move_count);
    this.root.dataset.rules = JSON.stringify(state.rules); // the rules the engine plays (a rules link's included)
    const phase = state.result ? "over" : state.round_over ? "round-over" : "playing";
    const was = this.root.dataset.gameState;
    this.root.dataset.gameState = phase;
    this.render(focus);
    this.renderStatus();
    this.renderScores();
    this.renderPanel(phase !== was);
    if (phase === "over" && was !== "over") {
      this.root.dispatchEvent(new CustomEvent("chickenfoot:game-over", { bubbles: true,
        detail: { winners: state.result.winners, totals: state.result.totals, game: state.game } }));
    }
  }

  mergeLog(state) {
    // the worker sends the log from log_start on (an undo may have cut it back); one <li> per event, hidden
    // for events not worth a line, so the list and this.log stay index for index
    this.log.length = Math.min(this.log.length, state.log_start);
    while (this.logList.children.length > this.log.length) this.logList.lastElementChild.remove();
    const said = [];
    for (const event of state.log) {
      const text = logText(event, { layout: state.layout, game: state.game, currentRound: state.round });
      this.log.push(text);
      this.logList.append(element("li", { class: `game-log__${event.kind}`, hidden: text === null }, text || ""));
      if (text) said.push(text);
    }
    if (said.length) {
      this.logList.scrollTop = this.logList.scrollHeight;
      this.lastMove.textContent = said.slice(-3).join(" ");
    }
  }

  render(focus = null) {
    const state = this.state;
    const shown = { view: state, board_svg: state.pictures.table, hand_svgs: state.pictures.hand };
    // No two-seat summary: the game shows every seat in its own line.
    renderBoard(this.board, { state: shown, selected: this.selected, summary: false });
    settleFocus(this.board, focus);
    const { actions } = legalIndex(state.legal_moves);
    const announcing = state.legal_moves.some((move) => move.announce);
    this.littleRow.hidden = !announcing;
    if (!announcing) this.littleBox.checked = false;
    this.catchButton.hidden = !actions.has("catch");
    this.hintButton.disabled = !state.is_my_turn;
    this.undoButton.disabled = !state.can_undo;
    const others = state.hand_sizes.map((count, seat) => (seat === HUMAN ? null
      : tn("{player}: {count} tile", "{player}: {count} tiles", count, { player: playerName(seat) }))).filter(Boolean);
    const boneyard = tn("Boneyard: {count} tile.", "Boneyard: {count} tiles.", state.boneyard_size);
    this.facts.textContent = `${boneyard} ${others.join(" · ")}`;
    this.root.dataset.turn = state.is_my_turn ? "mine" : "waiting";
    this.root.dataset.legalMoves = state.legal_moves.map((move) => move.text).join(" ");
  }

  renderStatus() {
    const s = this.state;
    const [rulesName] = RULE_SET_TEXT[s.game][s.rules.ruleset] || [s.rules.ruleset];
    const round = s.rounds_planned ? t("Round {round} of {rounds}", { round: s.round + 1, rounds: s.rounds_planned })
      : t("Round {round}", { round: s.round + 1 });
    let turn;
    if (s.result) turn = t("The match is over.");
    else if (s.round_over) turn = t("The round is over.");
    else if (s.is_my_turn) turn = t("Your turn.");
    else turn = this.paused ? t("Paused.") : t("{player} is playing…", { player: playerName(s.turn) });
    const set = t("double-{size}", { size: s.set_size });
    this.status.textContent = `${gameName(s.game)} (${t(rulesName)}, ${set}) · ${round} · ${turn}`;
  }

  renderScores() {
    const s = this.state;
    const table = element("table", { class: "game-score-table" });
    table.append(element("caption", {}, t("Scores by round (lowest total wins)")));
    const head = element("tr");
    head.append(element("th", { scope: "col" }, t("Round")));
    for (let seat = 0; seat < s.players; seat += 1) head.append(element("th", { scope: "col" }, playerName(seat)));
    table.append(head);
    s.round_scores.forEach((scores, index) => {
      const row = element("tr");
      row.append(element("th", { scope: "row" }, String(index + 1)));
      for (const score of scores) row.append(element("td", {}, String(score)));
      table.append(row);
    });
    const total = element("tr", { class: "game-score-total" });
    total.append(element("th", { scope: "row" }, t("Total")));
    s.totals.forEach((value, seat) => {
      const cell = element("td", {}, String(value));
      if (s.result?.winners.includes(seat)) cell.classList.add("is-winner");
      total.append(cell);
    });
    table.append(total);
    this.scores.replaceChildren(table);
  }

  renderPanel(changed) {
    const s = this.state;
    if (s.result) {
      const parts = [element(this.headingTag, {}, t("The match is over.")), element("p", { class: "game-outcome" }, outcomeText(s.result))];
      if (s.round_over?.layout && s.pictures.finished_table) parts.push(this.finishedTable());
      parts.push(button(t("New game"), "md-button--primary game-again", this.safely(() => this.showSetup())));
      this.panel.replaceChildren(...parts);
    } else if (s.round_over) {
      const ro = s.round_over;
      const reason = ro.reason === "went-out"
        ? (ro.winner === HUMAN ? t("You went out.") : t("{player} went out.", { player: playerName(ro.winner) }))
        : t("Nobody could play.");
      const scores = ro.scores.map((score, seat) => t("{player}: {score}", { player: playerName(seat), score }))
        .join(" · ");
      const pointsLabel = t("Points this round:");
      const next = button(t("Next round"), "md-button--primary game-next-round", this.safely(() => this.nextRound()));
      this.panel.replaceChildren(element(this.headingTag, {}, t("Round {round} is over.", { round: ro.round })),
        element("p", {}, `${reason} ${pointsLabel} ${scores}`), this.finishedTable(), next);
    } else {
      this.panel.replaceChildren();
    }
    this.panel.hidden = !this.panel.childElementCount;
    if (changed && this.panel.childElementCount) this.panel.focus();
  }

  finishedTable() {
    const figure = element("div", { class: "game-finished-table" });
    if (this.state.pictures.finished_table) figure.append(parseSvg(this.state.pictures.finished_table));
    return figure;
  }
}
