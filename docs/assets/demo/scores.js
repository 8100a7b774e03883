// The score keeper (data-app="scores") for a game played with real tiles: player names and the rules (from a
// shared rules link, or chosen here), then round by round the pips left in each hand, typed or counted by
// tapping the tiles; running totals, the leader and the winner. All scoring is the engine's
// (engine/scoresheet.py over engine/scoring.py, the game's own code), through the worker; this module keeps
// the sheets (scores-store.js) and asks the engine (through protocol.js); scores-view.js, which it extends, draws
// the form, the saved games and the sheet.
//
// The new-game form and the list of saved games work before the engine is loaded; the engine starts (with
// the apps' usual progress bar and retry, in loader.js's DemoShell) the first time a sheet is opened, and
// what was typed stays where it is while it loads. Exposes data-view (setup | sheet) on the root, and on
// the sheet data-rounds, data-totals and data-winners, for tests.
import { t } from "./strings.js";
import { downloadJson, element } from "./dom.js";
import { loadRulesData, problemNotices, readRulesLink } from "./rules-link.js";
import { addRulesStylesheet } from "./rules-summary.js";
import { ScoreStore } from "./scores-store.js";
import { fileProblemText, sheetProblemText } from "./scores-text.js";
import { LIMITS, readSheetFile } from "./stored-readers.js";
import { ScoreKeeperView } from "./scores-view.js";
import { isEngineKept } from "./offline.js";

const DEFAULT_PLAYERS = 4;
const UNDO_DEPTH = 50;

export class ScoreKeeper extends ScoreKeeperView {
  constructor(root, where, shell) {
    super();
    this.root = root;
    this.where = where;
    this.shell = shell;
    this.engine = null;
    this.store = new ScoreStore();
    this.game = null; // {id, sheet, score}
    this.undoStack = [];
    this.editing = null; // the index of the past round being edited
  }

  // --- before the engine ----------------------------------------------------------------------------------

  async prepare() {
    addRulesStylesheet();
    this.data = await loadRulesData();
    this.store.load(this.data);
    const link = readRulesLink(window.location.search, this.data);
    this.choice = link.choice;
    this.fromLink = link.given;
    this.root.classList.add("scores");
    this.root.classList.toggle("scores--large", this.store.large);
    this.notices = element("div", { class: "scores-notices" });
    this.notices.append(...problemNotices(link.problems, this.data, "scores-notice scores-notice--problem"));
    if (!this.store.persistent) {
      this.notice(t("This browser does not let the page keep your scores: export the sheet to keep it."), true);
    }
    if (this.store.keptNow) {
      this.notice(t("Some saved score sheets cannot be opened by this page: they are kept aside, under “Kept aside”."), true);
    }
    this.setupArea = element("div", { class: "scores-setup" });
    this.engineArea = element("div", { class: "scores-engine" });
    this.sheetArea = element("div", { class: "scores-sheet", hidden: true });
    this.root.replaceChildren(this.notices, this.setupArea, this.engineArea, this.sheetArea);
    this.shell.area = this.engineArea;
    this.shell.openApp = (engine) => this.engineStarted(engine);
    this.shell.setState("idle");
    // after a game on this device the engine is kept (the service worker): starting it now costs no data, and
    // the first sheet then opens without waiting for it (issue 18: the engine started again on arrival)
    isEngineKept(this.where.language).then((kept) => { if (kept && !this.engine) this.shell.prepare(); });
    this.names = Array.from({ length: DEFAULT_PLAYERS }, () => "");
    this.renderSetup();
    // the rules under the sheet are folded on screen and printed open
    window.addEventListener("beforeprint", () => this.sheetArea.querySelectorAll("details").forEach((d) => { d.open = true; }));
  }


  /** The engine, started on first need; the action that asked waits here, through retries if any. */
  engineReady() {
    if (this.engine) return Promise.resolve(this.engine);
    this.waiting ??= new Promise((resolve) => { this.resolveEngine = resolve; });
    if (this.root.dataset.state !== "loading") this.shell.load();
    return this.waiting;
  }

  engineStarted(engine) {
    this.engine = engine;
    this.engineArea.replaceChildren();
    this.resolveEngine?.(engine);
  }

  /** Runs a reader's action once at a time; a failure of the page itself is said, not lost. */
  act(action) {
    if (this.busy) return Promise.resolve();
    this.busy = true;
    this.current = Promise.resolve().then(action).catch((error) => {
      console.error("the score keeper failed:", error);
      this.notice(t("Something went wrong. Your scores are kept: reload the page."), true);
    }).finally(() => { this.busy = false; });
    return this.current;
  }

  /** A file the reader chose is never dropped, as a second tap is: it waits for the action under way. */
  actWhenFree(action) {
    this.filesWaiting = (this.filesWaiting ?? Promise.resolve()).then(async () => {
      while (this.busy) await this.current;
      return this.act(action);
    });
    return this.filesWaiting;
  }

  // --- with the engine ------------------------------------------------------------------------------------

  async startNew() {
    this.formProblem.textContent = "";
    const sheet = { rules: { game: this.choice.game, ruleset: this.choice.ruleset, options: this.choice.options },
      players: this.names.map((name) => name.trim()), rounds: [] };
    const engine = await this.engineReady();
    let answer;
    try {
      answer = await engine.scoresSheet({ sheet });
    } catch (error) {
      this.formProblem.textContent = sheetProblemText({ code: error.code, params: error.params || {} }, sheet.players);
      const seat = error.params?.seat;
      if (seat) this.focusName(seat - 1);
      return;
    }
    const { id, saved } = this.store.add(answer.sheet);
    this.undoStack = [];
    this.show({ id, sheet: answer.sheet, score: answer.score }, true);
    this.savedOrSay(saved);
  }

  async openGame(id) {
    const entry = this.store.data.games.find((candidate) => candidate.id === id);
    if (!entry) return;
    const engine = await this.engineReady();
    try {
      const answer = await engine.scoresSheet({ sheet: entry.sheet });
      this.store.open(id);
      this.undoStack = [];
      this.show({ id, sheet: answer.sheet, score: answer.score }, true);
    } catch (error) {
      const refused = t("This saved game cannot be opened.");
      const why = sheetProblemText({ code: error.code, params: error.params || {} }, entry.sheet.players || []);
      this.notice(`${refused} ${why}`, true);
    }
  }

  async importFile(file) {
    const refused = t("This file cannot be imported.");
    // read by the page's own reader first: size, JSON and version are told as they are, without the engine
    const checked = file.size > 3 * LIMITS.sheetFile ? { ok: false, reason: "too-large" } : readSheetFile(await file.text());
    if (!checked.ok) {
      this.notice(`${refused} ${fileProblemText(checked.reason)}`, true);
      return;
    }
    const text = await file.text();
    const engine = await this.engineReady();
    try {
      const answer = await engine.scoresImport({ text });
      const { id, saved } = this.store.add(answer.sheet);
      this.undoStack = [];
      this.show({ id, sheet: answer.sheet, score: answer.score }, true);
      this.notice(t("The score sheet is imported."));
      this.savedOrSay(saved);
    } catch (error) {
      this.notice(`${refused} ${fileProblemText(error.code, error.params || {})}`, true);
    }
  }

  savedOrSay(saved) {
    this.storageNotice?.remove();
    this.storageNotice = null;
    if (saved || !this.store.persistent) return;
    this.storageNotice = this.notice(t("Your scores could not be saved: the browser's storage is full. They stay on this page; export the sheet to keep them."), true);
  }

  /** A new version of the sheet: checked and scored by the engine, kept, undoable. Answers a problem's text. */
  async change(sheet) {
    let answer;
    try {
      answer = await this.engine.scoresSheet({ sheet });
    } catch (error) {
      return sheetProblemText({ code: error.code, params: error.params || {} }, this.game.sheet.players);
    }
    this.undoStack.push(this.game.sheet);
    if (this.undoStack.length > UNDO_DEPTH) this.undoStack.shift();
    const { saved } = this.store.update(this.game.id, answer.sheet);
    this.editing = null;
    this.show({ id: this.game.id, sheet: answer.sheet, score: answer.score }, true);
    this.savedOrSay(saved);
    return null;
  }

  async undo() {
    const previous = this.undoStack.pop();
    if (!previous) return;
    const answer = await this.engine.scoresSheet({ sheet: previous });
    const { saved } = this.store.update(this.game.id, answer.sheet);
    this.editing = null;
    this.show({ id: this.game.id, sheet: answer.sheet, score: answer.score }, true);
    this.savedOrSay(saved);
    this.status.textContent = t("The last change is undone.");
  }

  async exportSheet() {
    const { file } = await this.engine.scoresExport({ sheet: this.game.sheet });
    downloadJson(JSON.stringify(file, null, 1), `score-sheet-${file.rules.game}-${new Date().toISOString().slice(0, 10)}.json`);
  }

  // --- the sheet ------------------------------------------------------------------------------------------

  saveRound(index, round) {
    const rounds = [...this.game.sheet.rounds];
    rounds[index] = round;
    return this.change({ ...this.game.sheet, rounds });
  }

}
