// The practice page (data-app="practice"): puzzles from real games, checked in the page, with spaced practice
// per theme kept on the phone. No engine: the puzzles, their tables (drawn by the engine at build time), their
// answers and explanations are one static file per language, assets/practice/puzzles.<lang>.json (written by
// the build from the puzzle catalog, CONTRACTS.md B), which a visit keeps for offline use like any file it
// fetched (sw.js).
//
// The controller: it loads the file, asks practice-schedule.js what comes next, records answers in
// practice-store.js and has practice-view.js draw. Exposes data-state (ready | error), data-view (home |
// puzzle | done), and on a puzzle data-puzzle and, once answered, data-result (right | wrong), for tests.
import { t, tn } from "./strings.js";
import { downloadJson, element } from "./dom.js";
import { keptList } from "./kept-list.js";
import { PracticeStore } from "./practice-store.js";
import { isRight, nextPuzzle, nextTheme, strengthNow, themeStatus } from "./practice-schedule.js";
import { doneScreen, homeScreen, notice, progressTools, puzzleScreen, showAnswer } from "./practice-view.js";
import { NOTICES, fileProblemText } from "./practice-text.js";
import { LIMITS } from "./stored-readers.js";
import { keepPageFiles } from "./offline.js";

const SESSION = 10; // puzzles in a Practice session (fewer when the file has fewer)
const THEME_SESSION = 5; // in a session of one theme
const PUZZLE_FILE_VERSION = 1;

function addStylesheet() {
  const href = new URL("./practice.css", import.meta.url).href;
  if (!document.querySelector(`link[href="${href}"]`)) document.head.append(element("link", { rel: "stylesheet", href }));
}

export class Practice {
  constructor(root, where, { now = () => Date.now(), random = Math.random } = {}) {
    this.root = root;
    this.where = where;
    this.now = now;
    this.random = random;
    this.session = null;
  }

  get languageRoot() {
    return new URL(this.where.language === "en" ? "" : `${this.where.language}/`, this.where.siteRoot);
  }

  /** A link of the puzzle file ("strategy/#anchor"), from this language's root. */
  href(link) {
    return new URL(link, this.languageRoot).href;
  }

  async open() {
    addStylesheet();
    this.root.classList.add("practice");
    try {
      this.data = await this.load();
    } catch (error) {
      console.warn("the puzzles could not be loaded:", error);
      const retry = element("button", { type: "button", class: "md-button practice-retry" }, t("Try again"));
      retry.addEventListener("click", () => this.open(), { once: true });
      this.root.replaceChildren(element("p", { class: "practice-error", role: "alert" }, t(NOTICES.failed)), retry);
      this.root.dataset.state = "error";
      return;
    }
    this.store = new PracticeStore();
    this.notices = element("div", { class: "practice-notices" });
    this.home(false);
    if (!this.store.persistent) this.say(t(NOTICES.noStorage), true);
    else if (this.store.keptNow || this.store.inPlace) this.say(t(NOTICES.keptAside), true);
    this.root.dataset.state = "ready";
    keepPageFiles(); // the puzzles and the app's modules, for a visit without a connection
  }

  async load() {
    const url = new URL(`assets/practice/puzzles.${this.where.language}.json`, this.where.siteRoot);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
    const data = await response.json();
    if (data?.version !== PUZZLE_FILE_VERSION || !Array.isArray(data.themes) || !Array.isArray(data.puzzles)) {
      throw new Error(`${url.pathname}: not a puzzle file of version ${PUZZLE_FILE_VERSION}`);
    }
    return data;
  }

  /** The themes as the screens show them, in the file's order. */
  themes() {
    const now = this.now();
    return this.data.themes.map((theme) => {
      const entry = this.store.entry(theme.id);
      return { id: theme.id, name: theme.name, href: this.href(theme.link), strength: strengthNow(entry, now),
        status: themeStatus(entry, now), puzzles: this.data.puzzles.filter((puzzle) => puzzle.theme === theme.id).length };
    });
  }

  themeName(id) {
    return this.data.themes.find((theme) => theme.id === id)?.name || id;
  }

  show(view, screen, focus, scroll = true) {
    this.root.dataset.view = view;
    delete this.root.dataset.result;
    delete this.root.dataset.puzzle;
    this.screen = screen;
    // the notices stay from one screen to the next (a problem said stays said): under the progress tools on the
    // first screen, where export and import are, else above the screen
    const slot = screen.querySelector(".practice-notices-slot");
    if (slot) slot.replaceWith(this.notices);
    else screen.prepend(this.notices);
    this.root.replaceChildren(screen);
    if (focus) screen.querySelector(focus)?.focus({ preventScroll: true });
    if (scroll) this.root.scrollIntoView?.({ block: "start" });
  }

  sessionSize(theme = null) {
    const puzzles = theme ? this.data.puzzles.filter((puzzle) => puzzle.theme === theme) : this.data.puzzles;
    return Math.min(theme ? THEME_SESSION : SESSION, puzzles.length);
  }

  /** The first screen; `scroll`: brought into view (not when the page opens: the reader is reading it). */
  home(scroll = true) {
    const tools = progressTools({ onExport: () => this.exportProgress(), onImport: (file) => this.importFile(file) });
    const kept = keptList(this.store.keptItems(), { text: (key) => this.store.keptText(key),
      remove: (key) => this.store.removeKept(key), changed: () => this.home(false), headingTag: "h4" });
    if (kept) tools.append(kept);
    this.show("home", homeScreen(this.themes(), { size: this.sessionSize(), practise: () => this.practise(),
      practiseTheme: (id) => this.practise(id) }, tools), null, scroll);
  }

  /** A session: ten puzzles of mixed themes, or five of one. */
  practise(theme = null) {
    const themes = this.data.themes.map((entry) => entry.id)
      .filter((id) => this.data.puzzles.some((puzzle) => puzzle.theme === id));
    this.session = { theme, themes: theme ? [theme] : themes, total: this.sessionSize(theme), answered: [], last: null };
    this.nextPuzzle();
  }

  nextPuzzle() {
    const session = this.session;
    if (session.answered.length >= session.total) return this.done();
    const now = this.now();
    const progress = Object.fromEntries(session.themes.map((id) => [id, this.store.entry(id)]).filter(([, e]) => e));
    // the themes with a puzzle not yet met in this session (all of them once every puzzle of the file is met)
    const done = new Set(session.answered.map((answer) => answer.id));
    const left = session.themes.filter((id) => this.data.puzzles.some((p) => p.theme === id && !done.has(p.id)));
    const theme = nextTheme(left.length ? left : session.themes, progress, now, session.last, this.random);
    const puzzle = nextPuzzle(this.data.puzzles, theme.id, strengthNow(this.store.entry(theme.id), now),
      this.store.data.recent, session.answered.map((answer) => answer.id), this.random);
    session.current = { puzzle, status: theme.status };
    const screen = puzzleScreen(puzzle, { number: session.answered.length + 1, total: session.total,
      themeName: this.themeName(puzzle.theme) }, (chosen) => this.check(chosen));
    this.show("puzzle", screen, "#practice-question");
    this.root.dataset.puzzle = puzzle.id;
  }

  check(chosen) {
    const { puzzle, status } = this.session.current;
    const right = isRight(puzzle, chosen);
    const saved = this.store.answer(puzzle, right, this.now());
    if (!saved && this.store.persistent && !this.store.inPlace && !this.warnedFull) {
      this.warnedFull = true;
      this.say(t(NOTICES.notSaved), true);
    }
    this.session.answered.push({ id: puzzle.id, theme: puzzle.theme, right });
    this.session.last = { theme: puzzle.theme, status };
    const last = this.session.answered.length >= this.session.total;
    showAnswer(this.screen, puzzle, chosen, right, { href: this.href(puzzle.link), next: () => this.nextPuzzle(), last });
    this.root.dataset.result = right ? "right" : "wrong";
  }

  done() {
    const answered = this.session.answered;
    const met = [...new Set(answered.map((answer) => answer.theme))];
    const themes = this.themes().filter((theme) => met.includes(theme.id));
    const right = answered.filter((answer) => answer.right).length;
    const again = this.session.theme;
    this.show("done", doneScreen({ right, total: answered.length, themes },
      { practise: () => this.practise(again), home: () => this.home() }), "#practice-done-title");
  }

  /** A notice, kept across screens. */
  say(text, problem = false) {
    const node = notice(this.notices, text, problem);
    // a problem is brought to the middle of the screen: the notices sit by the progress tools, a screen or
    // more below the top on a phone (the middle: Material's "Back to top" shows at the top while scrolling up)
    if (problem) node.scrollIntoView?.({ block: "center" });
    return node;
  }

  exportProgress() {
    const now = this.now();
    const text = this.store.exportText(now);
    downloadJson(text, `chickenfoot-practice-${new Date(now).toISOString().slice(0, 10)}.json`);
    this.say(t("Your progress is saved as a file."));
  }

  async importFile(file) {
    this.notices.replaceChildren();
    const text = file.size > 3 * LIMITS.practice ? null : await file.text();
    const result = text === null ? { ok: false, reason: "too-large" } : this.store.importText(text);
    if (!result.ok) {
      this.say(fileProblemText(result.reason), true);
      return;
    }
    this.home(false);
    this.say(tn("Progress imported: {count} theme.", "Progress imported: {count} themes.", result.themes));
    if (!result.saved) this.say(t(this.store.persistent ? NOTICES.notSaved : NOTICES.noStorage), true);
  }
}
