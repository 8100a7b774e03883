// A whole match against computer players, or among people on one device with any mix of computers. The
// worker owns the game (engine/bridge/game_session.py); this module shows what it answers and sends what the
// reader chooses. Its parts, each in its own module: the board (board.js, shared with the tutorial: the
// table, the hand docked under it, the move buttons), the computers' pace (game-pace.js), the move log
// (game-log.js), the scoreboard and the finished round's panel (game-panels.js), the hand-over between two
// people (game-handoff.js), the new-game form (game-setup.js, with game-seats.js) and the full-window table
// mode (table-mode.js). It saves after every change where the browser allows storage, and resumes the save on
// the next visit.
//
// What it exposes for tests and embedders: data-game-state (setup | playing | round-over | over), data-round,
// data-moves, data-turn and data-legal-moves on the root, data-seats ("human careful human": who plays each
// seat), data-handoff (pass-and-play: the seat the device goes to next, else ""), and a
// "chickenfoot:game-over" DOM event (detail: winners, totals) on the root.
import { t, tn } from "./strings.js";
import { Board, legalIndex } from "./board.js";
import { attachInput } from "./input.js";
import { chosenMove, legalMove, tileKey } from "./moves.js";
import { refusalText, sayUnplayable } from "./messages.js";
import { SaveSlot } from "./game-storage.js";
import { LIMITS, readGameSave, readRecordFile } from "./stored-readers.js";
import { reasonOfRefusal } from "./kept-aside.js";
import { keptList } from "./kept-list.js";
import { SetupForm } from "./game-setup.js";
import { Pace } from "./game-pace.js";
import { MoveLog } from "./game-log.js";
import { resultPanel, scoreTable } from "./game-panels.js";
import { TableMode } from "./table-mode.js";
import { gameName, hintText, loadErrorText, ruleSetText } from "./game-text.js";
import { isReader, playerName, setSeating } from "./players.js";
import { handoffPanel } from "./game-handoff.js";
import { element } from "./dom.js";
import { declareScroller } from "./scroller.js";
import { loadRulesData, problemNotices, readRulesLink } from "./rules-link.js";
import { addRulesStylesheet, rulesSummary } from "./rules-summary.js";

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
    this.selected = null;
    this.busy = false;
    this.rulePages = {};
    // On a site page the app sits under an h2 ("The game"); in the embed frame, under the frame's h1.
    this.headingTag = this.embedded ? "h2" : "h3";
    this.pace = new Pace({
      step: (all) => this.botStep(all),
      waiting: () => this.waitingForBots,
      firstTrain: () => Boolean(this.state?.bot_first_train),
      changed: () => this.state && this.renderStatus(),
    });
  }

  // --- start-up -------------------------------------------------------------------------------------------

  async open() {
    this.addStylesheet();
    // where each rule id's section is (for the link under a refused move), whatever way the game starts
    this.rulePages = (await this.engine.gameSetup()).rule_pages;
    this.buildFrame();
    this.tableMode.enter();
    this.watchColourScheme();
    if (this.embedded) {
      if (!this.slot.persistent) this.notice(t("Games are not saved here: a reload starts a new game."));
      // a frame starts its game at once: shown only once dealt, so nothing moves down as the parts arrive
      // (a layout shift); transparent, not hidden, so the hand can take focus
      this.root.style.opacity = "0";
      try {
        await this.start(this.preset || {});
      } finally {
        this.root.style.opacity = "";
      }
      return;
    }
    if (!this.slot.persistent) this.notice(t("Your browser does not let this page save: a reload starts a new game."));
    // a shared rules link (?game=…&rules=…&double_blank=25) opens the new-game form with those rules
    this.link = await this.readLink();
    const saved = this.link ? null : this.slot.read();
    if (saved !== null) {
      // read by the page's own reader first (size, JSON, version), then resumed by the engine
      const checked = readGameSave(saved);
      let code = checked.ok ? null : checked.reason;
      let say = null; // the engine's sentence for its refusal
      if (checked.ok) {
        try {
          await this.showPlayArea();
          const loaded = (await this.engine.gameLoad({ save: saved, log_since: 0 })).state;
          this.show(await this.seated(loaded), { fresh: true });
          this.notice(t("Your saved game is back where you left it."));
          this.focusHand();
          this.pace.afterReader();
          return;
        } catch (error) {
          ({ code, say } = error);
        }
      }
      // never deleted: a later version of the site may resume it
      this.slot.keepAside(checked.ok ? reasonOfRefusal(code) : code);
      const refused = t("Your saved game could not be resumed, so a new game starts.");
      const kept = t("It is kept aside, under the new-game form: you can export it as a file or remove it.");
      this.notice(`${refused} ${loadErrorText(code, say)} ${kept}`, "game-notice--problem");
    }
    await this.showSetup();
  }

  async readLink() {
    const data = await loadRulesData();
    const link = readRulesLink(window.location.search, data);
    if (!link.given && !link.problems.length && !link.choice.level) return null;
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

  /** Tells the worker how pictures look, what they say, and how wide the table may be drawn. */
  async setView() {
    const trains = { mx: t("Mexican train") };
    for (let seat = 0; seat < 8; seat += 1) trains[String(seat)] = playerName(seat);
    await this.engine.gameView({ theme: this.theme, fit_width: this.board.tableWidth || null, words: {
      table: t("The table"), table_desc: t("The dominoes on the table, with the ends you may play on."),
      hand: t("Tile"), trains } });
  }

  /** The picture again, as the worker draws it now (after a change of theme or of the table's width). */
  async redraw() {
    await this.setView();
    if (this.state && this.root.dataset.gameState !== "setup") {
      this.show((await this.engine.gameState({ log_since: this.log.length })).state);
    }
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

  // Wraps an action so that an unexpected failure (a bug, a crashed worker) is told to the reader instead of
  // being lost; refusals the engine explains (illegal moves, bad records) are handled where they happen.
  safely(action) {
    return () => Promise.resolve().then(action).catch((error) => {
      console.error("the game failed:", error);
      this.pace.stop();
      this.notice(t("Something went wrong in the game. Reload the page: a saved game goes on from its last move."),
        "game-notice--problem");
    });
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

  async showSetup() {
    this.pace.stop();
    this.toggleSide(false); // "New game" is pressed in the side, which would stay open over the new form
    this.root.dataset.gameState = "setup";
    const last = this.state ? { game: this.state.game, ruleset: this.state.rules.ruleset, players: this.state.players,
      seats: this.state.seats.map((seat) => ({ ...seat })), level: this.lastLevel } : { level: this.link?.choice.level };
    if (this.link && !this.state) {
      // the link's rules, listed above the form's own fields; its set and its options offered on the form
      // (chicken little) fill those fields
      const { game, ruleset, options } = this.link.choice;
      Object.assign(last, { game, ruleset, options, set_size: options.set_size ?? null,
        note: rulesSummary(this.link.choice, this.link.data, this.where,
          { explain: false, headingTag: "h4", deal: false, onlyHouseRules: true }) });
    }
    const form = new SetupForm(this.engine, last, (choice) => this.safely(() => this.start(choice))(), this.headingTag);
    const rendered = await form.render();
    // a record can be imported from the form too (the side, with the other records, belongs to a game)
    this.keptArea = element("div", { class: "game-kept" });
    this.renderKept();
    this.setupArea.replaceChildren(rendered, ...(this.importControl ? [this.importControl] : []), this.keptArea);
    this.setupArea.hidden = false;
    this.playArea.hidden = true;
    this.sideToggle.hidden = true;
    this.showGameButtons(false);
    this.status.textContent = t("New game");
    rendered.querySelector("select")?.focus();
  }

  // saves this page could not resume, kept aside: listed under the form, to export or remove
  renderKept() {
    const list = keptList(this.slot.keptItems(), { text: (key) => this.slot.kept.text(key),
      remove: (key) => this.slot.removeKept(key), changed: () => this.renderKept(), headingTag: this.headingTag });
    this.keptArea.replaceChildren(...(list ? [list] : []));
  }

  async start(choice) {
    this.pace.stop();
    this.log.clear();
    this.feedback.replaceChildren();
    this.hintText.textContent = "";
    await this.showPlayArea();
    let state;
    const request = { ...choice, log_since: 0 };
    if (!request.level) delete request.level; // the engine's default level
    this.lastLevel = request.level ?? choice.seats?.find((seat) => seat.level)?.level ?? this.lastLevel;
    try {
      state = (await this.engine.gameNew(request)).state;
    } catch (error) {
      // Only an embedder's URL can ask for a game the rules cannot deal (the form offers playable choices).
      this.notice(tn("These settings cannot be dealt ({players} player, these rules): the game starts with the default rules for 4 players.",
        "These settings cannot be dealt ({players} players, these rules): the game starts with the default rules for 4 players.",
        choice.players, { players: choice.players }), "game-notice--problem");
      if (error.params?.option) {
        this.notice(t("The rule that cannot be played this way: “{name}”.", { name: error.params.option }), "game-notice--problem");
      }
      console.warn("game settings refused:", error.code);
      state = (await this.engine.gameNew({ game: choice.game === "mexican-train" ? "mexican-train" : "chicken-foot",
        players: 4, seed: choice.seed ?? 0, log_since: 0 })).state;
    }
    this.show(await this.seated(state), { fresh: true });
    this.save();
    this.focusHand();
    this.pace.afterReader();
  }

  /** The play area on screen, and the worker told the table's width there, before the first picture. */
  async showPlayArea() {
    this.setupArea.hidden = true;
    this.playArea.hidden = false;
    this.sideToggle.hidden = false;
    await this.setView();
  }

  focusHand() {
    this.board.settleFocus("hand");
  }

  /** The game's seats known before anything names a player: with people's names, the table's train labels
   * change, so the worker is told them and the state drawn again. */
  async seated(state) {
    const key = JSON.stringify(state.seats);
    setSeating(state.seats);
    if (key === this.seatingKey) return state;
    this.seatingKey = key;
    await this.setView();
    return (await this.engine.gameState({ log_since: state.log_start })).state;
  }

  // --- pass-and-play: the device changes hands ------------------------------------------------------------

  async reveal() {
    if (this.busy || this.state?.handoff === null || this.state?.handoff === undefined) return;
    this.busy = true;
    try {
      this.show((await this.engine.gameReveal({ seat: this.state.handoff, log_since: this.log.length })).state);
      this.save();
    } finally {
      this.busy = false;
    }
    this.focusHand();
  }

  // --- the computer players' turns ------------------------------------------------------------------------

  get waitingForBots() {
    const s = this.state;
    return Boolean(s && !s.result && !s.round_over && s.seats?.[s.turn]?.kind === "computer"
      && this.root.dataset.gameState === "playing");
  }

  async botStep(all) {
    if (this.busy || !this.waitingForBots) return;
    this.busy = true;
    try {
      const answer = await this.engine.gameBotStep({ log_since: this.log.length, all });
      // the reader may have opened the new-game form while the computer was moving: stay on the form
      if (this.root.dataset.gameState === "setup") return;
      this.show(answer.state);
      this.save();
    } finally {
      this.busy = false;
    }
  }

  // --- the human's moves ----------------------------------------------------------------------------------

  select(tile, how = {}) {
    if (this.busy || !this.state) return;
    this.selected = tile;
    this.hinted = null; // the reader's own choice now: a second tap on the tile puts it back
    // a keyboard reader goes on to the ends; a finger or a mouse stays where it is (nothing moves under it)
    this.render(how.keyboard ? (tile ? "ends" : "hand") : null);
    sayUnplayable(this.root, this.feedback, tile);
    if (tile && !how.keyboard && !how.dragging) this.board.revealFits(); // not mid-drag: nothing moves under a finger
  }

  /** @param {{tile?: string, end?: string, kind?: string}} choice a tile on an end, or draw, pass, end, catch */
  async play(choice) {
    if (this.busy || !this.state || !this.state.is_my_turn) return;
    const announce = this.littleBox.checked && !this.littleRow.hidden && Boolean(choice.tile);
    const move = chosenMove(this.state.legal_moves, choice, announce);
    const keyboard = this.root.contains(document.activeElement) && document.activeElement.matches("[data-end], [data-move]");
    this.busy = true;
    try {
      const layout = this.state.layout;
      const next = await this.engine.gamePlay({ move, log_since: this.log.length });
      const { answer } = next;
      if (answer.result === "played") {
        this.selected = null;
        this.littleBox.checked = false;
        this.feedback.replaceChildren();
        this.hintText.textContent = "";
        this.show(next.state, { focus: keyboard ? "hand" : null });
        this.save();
      } else {
        this.explain(answer, layout);
        this.show(next.state, { focus: keyboard && this.selected ? "ends" : null });
      }
    } finally {
      this.busy = false;
    }
    this.pace.afterReader();
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
    const { hint } = await this.engine.gameHint();
    if (!hint.move) return;
    const move = legalMove(this.state.legal_moves, hint.move);
    this.hintText.textContent = hintText(hint, move, this.state.layout);
    this.root.dataset.hint = hint.move;
    const tile = move?.kind === "play" ? tileKey(move.tile) : null;
    if (tile) {
      this.select(tile);
      // the hint chose the tile for the reader, who then taps it as the hint says: that tap keeps it chosen
      this.hinted = tile;
      this.render(null);
    }
  }

  async undo() {
    if (this.busy || !this.state?.can_undo) return;
    this.pace.stop();
    this.busy = true;
    try {
      const answer = await this.engine.gameUndo({ log_since: this.log.length });
      this.selected = null;
      this.feedback.replaceChildren();
      this.hintText.textContent = "";
      this.show(answer.state);
      this.save();
      this.log.say(t("Your last move is taken back."));
    } finally {
      this.busy = false;
    }
    this.pace.afterReader();
  }

  async nextRound() {
    if (this.busy) return;
    this.busy = true;
    try {
      this.show((await this.engine.gameNextRound({ log_since: this.log.length })).state);
      this.save();
    } finally {
      this.busy = false;
    }
    this.focusHand();
    this.pace.afterReader();
  }

  // --- saving and records ---------------------------------------------------------------------------------

  async save() {
    if (!this.slot.persistent || !this.state) return;
    const { save } = await this.engine.gameSave();
    const saved = this.slot.write(save);
    if (!saved && !this.unsavedNotice) {
      this.unsavedNotice = true; // said once: every move would say it again
      this.notice(t("Your game could not be saved: the browser's storage is full. You can play on, but a reload would lose this game."),
        "game-notice--problem");
    }
  }

  async exportRecord() {
    const { record } = await this.engine.gameExport();
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
    // read by the page's own reader first: a file too large for the engine, or not JSON, is told as such
    const checked = file.size > 3 * LIMITS.record ? { ok: false, reason: "too-large" } : readRecordFile(await file.text());
    if (!checked.ok) {
      this.notice(`${t("This game record cannot be imported.")} ${loadErrorText(checked.reason)}`, "game-notice--problem");
      return;
    }
    const text = await file.text();
    try {
      await this.engine.gameImport({ record: text, log_since: 0 });
      this.pace.stop();
      await this.showPlayArea(); // the picture for the table's width there
      this.show(await this.seated((await this.engine.gameState({ log_since: 0 })).state), { fresh: true });
      this.save();
      this.notice(t("The game record is imported."));
      this.pace.afterReader();
    } catch (error) {
      const refused = t("This game record cannot be imported.");
      this.notice(`${refused} ${loadErrorText(error.code, error.say)}`, "game-notice--problem");
    }
  }

  // --- drawing --------------------------------------------------------------------------------------------

  /** @param {{fresh?: boolean, focus?: "hand"|"ends"|null}} how fresh: a new game (the log starts over) */
  show(state, { fresh = false, focus = null } = {}) {
    this.state = state;
    setSeating(state.seats);
    if (fresh) this.log.clear();
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
        nextRound: this.safely(() => this.nextRound()), newGame: this.safely(() => this.showSetup()) });
    this.panel.replaceChildren(...(parts || []));
    this.panel.hidden = !parts;
    this.board.root.classList.toggle("is-result", Boolean(parts));
    if (changed && parts) this.panel.focus({ preventScroll: true });
  }
}
