// The game's screen (the view half of game.js, which extends it): the frame it builds once (the top bar,
// the notices, the board with the reader's feedback docked above the hand, the side with the scores, the move
// log and the records), and how a state the worker sent is drawn on it. It calls no engine method: the
// controller (game.js) asks the engine and hands each state to show().
import { t, tn } from "./strings.js";
import { Board, legalIndex } from "./board.js";
import { attachInput } from "./input.js";
import { refusalText } from "./messages.js";
import { keptList } from "./kept-list.js";
import { MoveLog } from "./game-log.js";
import { resultPanel, scoreTable } from "./game-panels.js";
import { TableMode } from "./table-mode.js";
import { gameName, ruleSetText } from "./game-text.js";
import { isReader, playerName, setSeating } from "./players.js";
import { handoffPanel } from "./game-handoff.js";
import { button, element } from "./dom.js";
import { declareScroller } from "./scroller.js";
import { RoundReview } from "./review.js";

export class GameView {
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

  // Material's light/dark switch changes the body's colour scheme: redraw the pictures to match.
  watchColourScheme() {
    if (this.fixedTheme || !document.body) return;
    new MutationObserver(this.safely(() => this.redraw()))
      .observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });
  }

  buildFrame() {
    this.root.classList.add("game", "demo--app");
    this.tableMode = new TableMode(this.root, { embedded: this.embedded,
      onChange: (active) => this.board?.view.setFullWindow(active && !this.embedded) });

    // the top bar: back to the page, the status, and (on a phone) the scores and moves
    this.status = element("p", { class: "game-status", "aria-live": "polite" });
    this.sideToggle = button(t("More"), "demo-bar__side game-side-toggle", () => this.toggleSide());
    this.sideToggle.setAttribute("aria-label", t("More: scores, moves and settings"));
    this.sideToggle.setAttribute("aria-expanded", "false");
    this.sideToggle.setAttribute("aria-controls", "game-side");
    const bar = element("div", { class: "demo-bar" });
    bar.append(...[this.tableMode.backButton(), this.status, this.sideToggle].filter(Boolean));

    this.notices = element("div", { class: "game-notices" });
    this.setupArea = element("div", { class: "game-setup-area" });

    // the stage: the board, with the reader's feedback and the round's result docked above the hand
    this.board = new Board(element("div", { class: "game-board" }), {
      onWidth: this.safely(() => this.redraw()) });
    this.feedback = element("div", { class: "demo-feedback game-feedback", role: "alert" });
    this.hintText = element("p", { class: "game-hint-text", "aria-live": "polite" });
    this.panel = element("div", { class: "game-panel", tabindex: "-1", role: "region", "aria-labelledby": "game-panel-title" });
    this.littleBox = element("input", { type: "checkbox", id: "game-chicken-little", class: "game-little" });
    this.littleRow = element("div", { class: "game-little-row", hidden: true });
    this.littleRow.append(this.littleBox, element("label", { for: "game-chicken-little" },
      t("Say “chicken little” with this tile (you will have one left)")));
    this.catchButton = button(t("Catch! They did not say “chicken little”"), "game-catch", this.safely(() => this.play({ kind: "catch" })));
    this.catchButton.hidden = true;
    this.board.message.append(this.panel, this.feedback, this.hintText, this.littleRow, this.catchButton);
    this.hintButton = button(t("Hint"), "game-hint", this.safely(() => this.hint()));
    this.undoButton = button(t("Undo"), "game-undo", this.safely(() => this.undo()));
    this.undoButton.setAttribute("aria-label", t("Undo my last move"));
    const { speed, skip } = this.pace.build();
    this.board.controls.append(this.hintButton, this.undoButton);
    this.board.waitTools.append(skip); // in the move buttons' place, which are gone while the computers play
    attachInput(this.board, {
      select: (tile, how) => this.select(tile, how),
      play: (choice) => this.safely(() => this.play(choice))(),
    });

    // the side: scores, who holds how many tiles, the move log, the pace and the records
    this.scores = element("div", { class: "game-scores", tabindex: "0", role: "region", "aria-label": t("Scores by round") });
    this.facts = element("p", { class: "game-facts" });
    this.log = new MoveLog(this.headingTag);
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
      // the import control sits with the records during a game and under the form before one (showSetup)
      this.importControl = element("span", { class: "game-import-control" });
      this.importControl.append(element("label", { for: importId, class: "md-button game-import" }, t("Import a game record")),
        this.importInput);
      records.append(this.importControl);
    }
    this.records = records;
    this.side = element("aside", { class: "game-side", id: "game-side", "aria-label": t("Scores, moves and settings") });
    const close = button(t("Back to the table"), "game-side-close", () => { this.toggleSide(false); this.sideToggle.focus(); });
    this.side.append(close, this.scores, this.facts, this.log.element, speed, records);

    this.playArea = element("div", { class: "game-play", hidden: true });
    this.playArea.append(this.board.root, this.side);
    const body = element("div", { class: "demo-body" });
    body.append(this.notices, this.setupArea, this.playArea);
    this.root.replaceChildren(bar, body, this.log.spoken);
    this.review = new RoundReview({ engine: this.engine, root: this.root, body, playArea: this.playArea,
      headingTag: this.headingTag, embedded: this.embedded, ...this.where, save: () => this.save(),
      show: (state) => this.show(state), logLength: () => this.log.length });
    declareScroller(body, { axis: "y" }); // the new-game form is longer than a phone's screen
    declareScroller(this.side, { axis: "y" }); // on a phone: over the table, as long as it needs
  }

  /** On a phone the side (scores, log, settings) opens over the table; on a wide screen it is always there. */
  toggleSide(open = this.sideToggle.getAttribute("aria-expanded") !== "true") {
    this.sideToggle.setAttribute("aria-expanded", String(open));
    this.playArea.classList.toggle("is-side-open", open);
  }

  // "New game" and "Export" make sense only while a game is on screen; "Import" also from the form.
  showGameButtons(shown) {
    this.newButton.hidden = !shown;
    if (this.exportButton) this.exportButton.hidden = !shown;
    if (shown && this.importControl) this.records.append(this.importControl);
  }

  // A notice above the table until the reader closes it (on a phone, the table needs the room).
  notice(text, extraClass = "") {
    for (const said of [...this.notices.children]) if (said.dataset.text === text) said.remove(); // said once, the latest
    const line = element("p", { class: `game-notice ${extraClass}`.trim(), role: "status", "data-text": text });
    const close = element("button", { type: "button", class: "game-notice__close", "aria-label": t("Close"),
      title: t("Close") }, "×");
    close.addEventListener("click", () => {
      line.remove();
      this.focusHand();
    });
    line.append(element("span", {}, text), close);
    this.notices.append(line);
  }

  // saves this page could not resume, kept aside: listed under the form, to export or remove
  renderKept() {
    const list = keptList(this.slot.keptItems(), { text: (key) => this.slot.kept.text(key),
      remove: (key) => this.slot.removeKept(key), changed: () => this.renderKept(), headingTag: this.headingTag });
    this.keptArea.replaceChildren(...(list ? [list] : []));
  }

  focusHand() {
    this.board.settleFocus("hand");
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

  /** @param {{fresh?: boolean, focus?: "hand"|"ends"|null}} how fresh: a new game (the log starts over) */
  show(state, { fresh = false, focus = null } = {}) {
    this.state = state;
    setSeating(state.seats);
    if (fresh) {
      this.log.clear();
      this.review.forget(); // another game (an import of the same deal included): the last one's review goes
    }
    this.log.merge(state);
    this.setupArea.hidden = true;
    this.playArea.hidden = false;
    this.sideToggle.hidden = false;
    this.showGameButtons(true);
    this.root.dataset.round = String(state.round + 1);
    this.root.dataset.moves = String(state.move_count);
    this.root.dataset.rules = JSON.stringify(state.rules); // the rules the engine plays (a rules link's included)
    const phase = state.result ? "over" : state.round_over ? "round-over" : "playing";
    const was = this.root.dataset.gameState;
    this.root.dataset.gameState = phase;
    // pass-and-play: the seat the device goes to next, while every hand is hidden ("" otherwise)
    const handoff = state.handoff ?? "";
    const handingOver = String(handoff) !== this.root.dataset.handoff;
    this.root.dataset.handoff = String(handoff);
    this.root.dataset.seats = state.seats.map((seat) => seat.level || seat.kind).join(" "); // "human strong …"
    if (phase !== "playing" || handoff !== "") this.selected = null;
    this.render(focus);
    this.renderStatus();
    this.scores.replaceChildren(scoreTable(state));
    this.renderPanel(phase !== was || handingOver);
    this.pace.skipButton.hidden = !this.waitingForBots;
    if (phase === "over" && was !== "over") {
      this.root.dispatchEvent(new CustomEvent("chickenfoot:game-over", { bubbles: true,
        detail: { winners: state.result.winners, totals: state.result.totals, game: state.game } }));
    }
  }

  render(focus = null) {
    const state = this.state;
    const shown = { view: state, board_svg: state.pictures.table, hand_svgs: state.pictures.hand };
    // a new round (or game) starts at zoom 1, centred; within a round the reader's zoom and scroll stay
    this.board.render({ state: shown, selected: this.selected, hinted: this.hinted,
      pictureKey: `${state.seed}:${state.round}` }, focus);
    const { actions } = legalIndex(state.legal_moves);
    const announcing = state.legal_moves.some((move) => move.announce);
    this.littleRow.hidden = !announcing;
    if (!announcing) this.littleBox.checked = false;
    this.catchButton.hidden = !actions.has("catch");
    this.hintButton.setAttribute("aria-disabled", String(!state.is_my_turn));
    this.undoButton.setAttribute("aria-disabled", String(!state.can_undo));
    const others = state.hand_sizes.map((count, seat) => (seat === state.viewer ? null
      : tn("{player}: {count} tile", "{player}: {count} tiles", count, { player: playerName(seat) }))).filter(Boolean);
    const boneyard = tn("Boneyard: {count} tile.", "Boneyard: {count} tiles.", state.boneyard_size);
    const [rulesName] = ruleSetText(state.game, state.rules.ruleset);
    const set = t("double-{size}", { size: state.set_size });
    this.facts.textContent = `${t(rulesName)}, ${set}. ${boneyard} ${others.join(" · ")}`;
    this.root.dataset.turn = state.is_my_turn ? "mine" : "waiting";
    this.root.dataset.legalMoves = state.legal_moves.map((move) => move.text).join(" ");
  }

  renderStatus() {
    const s = this.state;
    const round = s.rounds_planned ? t("Round {round} of {rounds}", { round: s.round + 1, rounds: s.rounds_planned })
      : t("Round {round}", { round: s.round + 1 });
    let turn;
    if (s.result) turn = t("The match is over.");
    else if (s.round_over) turn = t("The round is over.");
    else if (s.handoff !== null && s.handoff !== undefined) turn = t("Give the device to {player}", { player: playerName(s.handoff) });
    else if (s.is_my_turn) {
      // pass-and-play: the device goes round the table, so the line names whose turn it is (the name first: a
      // long one is cut at the end of the line)
      turn = isReader(s.viewer) ? t("Your turn.") : t("{player}, your turn.", { player: playerName(s.viewer) });
    }
    else turn = this.pace.paused ? t("Paused.") : t("{player} is playing…", { player: playerName(s.turn) });
    // two lines in the top bar: where the match is (cut short if it must be), then whose turn it is
    this.status.replaceChildren(element("span", { class: "game-status__where" }, `${round} · ${gameName(s.game)}`),
      element("span", { class: "game-status__turn" }, turn));
    this.root.dataset.paused = String(this.pace.paused);
  }

  renderPanel(changed) {
    const parts = handoffPanel(this.state, { headingTag: this.headingTag, reveal: this.safely(() => this.reveal()) })
      || resultPanel(this.state, { headingTag: this.headingTag,
        nextRound: this.safely(() => this.nextRound()), newGame: this.safely(() => this.showSetup()),
        review: this.review.panelPart(this.state) });
    this.panel.replaceChildren(...(parts || []));
    this.panel.hidden = !parts;
    this.board.root.classList.toggle("is-result", Boolean(parts));
    if (changed && parts) this.panel.focus({ preventScroll: true });
  }
}
