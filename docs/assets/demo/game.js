// A whole match against computer players, or among people on one device with any mix of computers. The
// worker owns the game (engine/bridge/game_session.py); this module, the controller, asks it (through
// protocol.js) and keeps the state; game-view.js draws what it answers. Its other parts: the board (board.js, shared with the tutorial: the
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
import { chosenMove, legalMove, tileKey } from "./moves.js";
import { sayUnplayable } from "./messages.js";
import { SaveSlot } from "./game-storage.js";
import { LIMITS, readGameSave, readRecordFile } from "./stored-readers.js";
import { reasonOfRefusal } from "./kept-aside.js";
import { SetupForm } from "./game-setup.js";
import { Pace } from "./game-pace.js";
import { hintText, loadErrorText } from "./game-text.js";
import { playerName, setSeating } from "./players.js";
import { downloadJson, element } from "./dom.js";
import { houseRules, loadRulesData, problemNotices, readRulesLink } from "./rules-link.js";
import { addRulesStylesheet, rulesSummary } from "./rules-summary.js";
import { GameView } from "./game-view.js";
import { reviewLeftOutText } from "./review-text.js";

export class Game extends GameView {
  /**
   * @param {HTMLElement} root the app's root
   * @param {import("./protocol.js").EngineClient} engine
   * @param {{language: string, siteRoot: URL}} where
   * @param {{embedded?: boolean, preset?: object|null, theme?: string|null}} options embedded: no saving,
   *   no records, the game starts at once from `preset` ({game, ruleset, players, seed})
   */
  constructor(root, engine, where, options = {}) {
    super();
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
    // where each rule id's section is (for the link under a refused move), whatever way the game starts: asked
    // for first, and answered while the page builds its frame (as the tutorial's lessons, tutorial.js)
    const setup = this.engine.gameSetup();
    this.buildFrame();
    this.tableMode.enter();
    this.watchColourScheme();
    this.rulePages = (await setup).rule_pages;
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

  async showSetup() {
    this.pace.stop();
    this.toggleSide(false); // "New game" is pressed in the side, which would stay open over the new form
    this.root.dataset.gameState = "setup";
    const last = this.state ? { game: this.state.game, ruleset: this.state.rules.ruleset, players: this.state.players,
      seats: this.state.seats.map((seat) => ({ ...seat })), level: this.lastLevel } : { level: this.link?.choice.level };
    const kept = this.state ? await this.houseRulesPlayed() : this.link;
    if (kept) {
      // the link's rules (or those of the game just played: a new game keeps its house rules), listed above
      // the form's own fields; its set and its options offered on the form (chicken little) fill those fields
      const { game, ruleset, options } = kept.choice;
      Object.assign(last, { game, ruleset, options, set_size: options.set_size ?? null,
        note: rulesSummary(kept.choice, kept.data, this.where,
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

  /** The house rules of the game on the table (its options that differ from its rule set) as a rules link's
   * {choice, data}, or null when it has none: a new game after it keeps them, as it keeps its players. */
  async houseRulesPlayed() {
    const { game, ruleset, options } = this.state.rules;
    let data;
    try {
      data = await loadRulesData();
    } catch {
      return null; // without rules.json the form offers the rule sets as they are, as before a link is read
    }
    const changed = houseRules({ game, ruleset, options }, data);
    return Object.keys(changed).length ? { choice: { game, ruleset, options: changed }, data } : null;
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
    downloadJson(JSON.stringify(record, null, 1), `chickenfoot-${record.game}-${record.seed}.json`);
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
      const imported = await this.engine.gameImport({ record: text, log_since: 0 });
      this.pace.stop();
      await this.showPlayArea(); // the picture for the table's width there
      this.show(await this.seated((await this.engine.gameState({ log_since: 0 })).state), { fresh: true });
      this.save();
      const said = t("The game record is imported."); // outside the template literal, for Babel
      const leftOut = imported.review_left_out ? reviewLeftOutText(imported.review_left_out) : null;
      this.notice(leftOut ? `${said} ${leftOut}` : said, leftOut ? "game-notice--problem" : "");
      this.pace.afterReader();
    } catch (error) {
      const refused = t("This game record cannot be imported.");
      this.notice(`${refused} ${loadErrorText(error.code, error.say)}`, "game-notice--problem");
    }
  }
}
