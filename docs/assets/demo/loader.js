// Mounts the app on a page that has <div id="demo" data-app="…" data-lang="…">. Nothing heavy loads until
// the reader shows the intent to start (pointer over, or focus on, Start; never on page load): then a module
// worker starts Pyodide and the engine. Start shows a progress bar of real stages (the bytes that travel, of
// the total the build measured, then starting Python, loading the engine). Whatever goes wrong (a missing
// or broken file, a download that stalls, a runtime that never answers) ends within a bounded time in a
// translated message with a retry button; the page's text stays usable throughout. The state is exposed as
// data-state on the root (idle | loading | ready | error) for tests and embedders.
import { loadStrings, t, useStrings } from "./strings.js";
import { SaveSlot } from "./game-storage.js";
import { element } from "./dom.js";
import { megabytes, readBoot } from "./boot.js";
import { StallWatch, withDeadline } from "./deadline.js";
import { isKeptForOffline, keepForOffline } from "./offline.js";

const siteRoot = new URL("../../", import.meta.url);
const N_ = (s) => s;
const STAGE_LABELS = {
  runtime: N_("Downloading the game engine…"),
  python: N_("Starting Python…"),
  engine: N_("Loading the rules…"),
  ready: N_("Ready."),
};
const STAGE_STEPS = { runtime: 0, python: 1, engine: 2, ready: 3 };
// How long a start may wait (milliseconds). A download may go `stall` without a single byte; once the files are
// in, Python and the engine have `start` to answer (a slow phone needs seconds, not minutes); a module or the
// language's words have `fetch`. The root's data-stall-ms and data-start-ms shorten them (tests, embedders).
const TIMEOUTS = { stall: 30_000, start: 120_000, fetch: 30_000 };

// A sandboxed iframe without allow-same-origin has an opaque origin, which may not start a worker from the
// site's URL. Chromium refuses a blob: worker there too ("worker error", nothing fetched); a data: URL
// worker is allowed (it has an opaque origin of its own) and imports the real worker module, served with
// CORS. Tested by tests/browser/test_embed.py with a host page on a second origin.
function startWorker() {
  const url = new URL("./worker.js", import.meta.url);
  if (self.origin !== "null") return new Worker(url, { type: "module" });
  const source = `import ${JSON.stringify(url.href)};`;
  return new Worker(`data:text/javascript,${encodeURIComponent(source)}`, { type: "module" });
}

// Marks on the page's timeline (performance.mark) of each step of a start, which scripts/bench_tutorial.py
// reads to say where the time goes: "demo:start", "demo:runtime" … "demo:ready" (the worker's stages, as
// they reach the page), "demo:app-module" (the app's code is in), "demo:open" (its first screen is drawn).
function mark(name) {
  try {
    performance.mark(`demo:${name}`);
  } catch {
    // no User Timing: nothing to measure
  }
}

/** The app's module (game.js for data-app="play", else tutorial.js): each app's code is fetched only on its
 * own pages, and in parallel with the engine's start (neither needs the other before the first screen). */
// The page's app class (its entry in the build's registry, pageApp), imported beside the engine's start.
function importApp(app, timeout) {
  return appClass(app, timeout).then((App) => {
    mark("app-module");
    return App;
  });
}

// A step inside the worker, at its absolute time (the worker's clock has another origin).
function markAt(name, absolute) {
  try {
    performance.mark(`demo:${name}`, { startTime: absolute - performance.timeOrigin });
  } catch {
    // no User Timing, or a time before this page's origin: nothing to measure
  }
}

class DemoShell {
  constructor(root) {
    this.root = root;
    this.area = root; // where the start button, progress and failures show (an app may keep the rest of root)
    this.openApp = null; // an app built before the engine (the score keeper) takes the engine here
    this.worker = null;
    this.language = root.dataset.lang || document.documentElement.lang || "en";
    this.boot = readBoot(this.language);
    this.attempt = 0; // a retry imports the page's engine module under a new address (protocol.js)
    this.starting = null; // the engine's start, begun on intent, awaited on Start
    this.appModule = null; // the app's module (its class), imported with the engine
    this.workerRuns = null; // settles once the worker has made its first report (or the start has ended)
    this.lastProgress = null;
    this.onProgress = null;
  }

  /** The limits, read when used: a data-stall-ms or data-start-ms set after the page loaded still counts. */
  get timeouts() {
    const { stallMs, startMs } = this.root.dataset;
    return { ...TIMEOUTS, stall: Number(stallMs) || TIMEOUTS.stall, start: Number(startMs) || TIMEOUTS.start };
  }

  setState(state) {
    this.root.dataset.state = state;
  }

  /** The language's words; if they cannot be loaded, the failure screen (in the words the page carries). */
  /** Loads the reader's words, then runs `next`; without them, shows the failure (in the page's built-in
   * words) whose Try again starts over. */
  async withWords(next) {
    try {
      await withDeadline(loadStrings(this.language), this.timeouts.fetch, "words");
    } catch (error) {
      useStrings(this.boot.strings);
      this.showError(error, () => this.withWords(next));
      return;
    }
    await next();
  }

  open() {
    if (this.root.dataset.autostart === "true") return this.withWords(() => this.load());
    const kept = isKeptForOffline(this.language, this.root.dataset.app); // asked while the words load
    return this.withWords(async () => this.showStart(await kept));
  }

  /** Start, with what pressing it costs now: nothing when this device keeps everything a start needs, else
   * the download the build measured (nothing is fetched before the reader asks). */
  showStart(kept = false) {
    this.setState("idle");
    const start = element("button", { type: "button", class: "md-button md-button--primary demo__start" },
      this.startLabel());
    if (kept) {
      start.append(" · ", element("span", { class: "demo__size", "data-kept": "true" }, t("kept on this device")));
    } else if (this.boot.download) {
      start.append(" · ", element("span", { class: "demo__size" }, this.boot.download.text));
    }
    start.addEventListener("click", () => this.load(), { once: true });
    // intent: the pointer over Start or the focus on it begins the download, a moment before the click
    for (const intent of ["pointerenter", "focus"]) start.addEventListener(intent, () => this.prepare(), { once: true });
    this.area.replaceChildren(start);
  }

  startLabel() {
    if (this.root.dataset.app !== "play") return t("Start the tutorial");
    return new SaveSlot().read() ? t("Resume your game") : t("Start the game");
  }

  showProgress({ stage, loaded, total }) {
    // The download is most of the wait: it fills the bar's first three quarters by the bytes that travel.
    const value = stage === "runtime" && total ? 3 * Math.min(loaded / total, 1) : 3 + STAGE_STEPS[stage];
    this.progress.value = Math.min(value, 5.9);
    this.root.dataset.stage = stage;
    if (stage === "runtime" && total) Object.assign(this.root.dataset, { loaded, total });
    const mb = (bytes) => megabytes(bytes, this.language, this.boot.decimal);
    this.status.textContent = stage === "runtime" && total
      ? t("Downloading the game engine: {loaded} of {total} MB", { loaded: mb(loaded), total: mb(total) })
      : t(STAGE_LABELS[stage]);
  }

  showError(error, retryAction = () => this.load()) {
    console.warn("demo failed to start:", error);
    this.setState("error");
    const reason = String(error && error.message || error) === "no-webassembly"
      ? t("This browser cannot run the game: it has no WebAssembly.")
      : t("The game engine could not be loaded. Check your connection and try again.");
    const retry = element("button", { type: "button", class: "md-button demo__retry" }, t("Try again"));
    retry.addEventListener("click", retryAction, { once: true });
    const help = element("p", { class: "demo__help" }, t("The rules on this page do not need the game engine."));
    this.area.replaceChildren(element("p", { class: "demo__error", role: "alert" }, reason), help, retry);
  }

  /** Begins the engine's start in the background, once (a reader on a data saver waits for the click). */
  prepare() {
    if (!this.starting && !navigator.connection?.saveData) {
      const starting = this.startEngine();
      this.starting = starting;
      starting.catch(() => {
        // failed before the reader pressed Start: the click starts afresh (and shows what goes wrong then)
        if (this.root.dataset.state !== "idle" || this.starting !== starting) return;
        this.worker?.terminate();
        Object.assign(this, { worker: null, starting: null, lastProgress: null, attempt: this.attempt + 1 });
      });
    }
    if (!this.openApp && !this.appModule) {
      // the app's code, while the engine starts (a few KB: also for a reader on a data saver), asked for once
      // the worker runs: the engine's start is the longer path, and its modules should not wait behind the
      // app's (fetched and compiled at the same time, they held the worker's start up)
      const app = pageApp(this.root, this.boot);
      this.appModule = (this.workerRuns || Promise.resolve()).then(() => importApp(app, this.timeouts.fetch));
      this.appModule.catch(() => { this.appModule = null; }); // awaited in load(); a retry imports it again
    }
  }

  report(progress) {
    if (progress.stage !== this.lastProgress?.stage) mark(progress.stage);
    for (const [name, at] of Object.entries(progress.steps || {})) markAt(`worker:${name}`, at);
    this.lastProgress = progress;
    this.onProgress?.(progress);
  }

  /** Starts the worker, Pyodide and the engine; rejects on any failure or when the start stops moving.
   * `workerRuns` settles at the worker's first report, or when the start ends (whichever comes first). */
  startEngine() {
    let runs;
    this.workerRuns = new Promise((resolve) => { runs = resolve; });
    const starting = this.startWorkerAndEngine(runs);
    starting.then(runs, runs);
    return starting;
  }

  async startWorkerAndEngine(runs) {
    if (typeof WebAssembly !== "object") throw new Error("no-webassembly");
    mark("start");
    const attempt = this.attempt ? `?attempt=${this.attempt}` : "";
    // the worker's module and the page's side of the protocol load at the same time (one round trip, not two)
    this.worker?.terminate();
    const worker = startWorker();
    this.worker = worker;
    const failed = new Promise((_, reject) => {
      worker.addEventListener("error", (event) => reject(new Error(event.message || "worker error")));
    });
    failed.catch(() => {}); // raced below; never an unhandled rejection
    // the runtime's index too, which the worker would otherwise fetch only once its own modules are in
    const runtime = fetch(new URL("pyodide/runtime.json", siteRoot), { cache: "no-cache" })
      .then((response) => (response.ok ? response.json() : null)).catch(() => null); // null: the worker fetches it
    const { EngineClient } = await Promise.race([failed,
      withDeadline(import(`./protocol.js${attempt}`), this.timeouts.fetch, "protocol.js")]);
    const watch = new StallWatch(this.timeouts.stall, "download");
    try {
      const engine = new EngineClient(worker);
      const index = await Promise.race([failed, watch.expired, runtime]);
      await Promise.race([failed, watch.expired, engine.start((progress) => {
        runs();
        // while bytes arrive, a stall is the limit; once they are all in, Python's start has its own
        watch.touch(progress.stage === "runtime" ? this.timeouts.stall : this.timeouts.start);
        this.report(progress);
      }, index)]);
      return engine;
    } finally {
      watch.stop();
    }
  }

  async load() {
    this.setState("loading");
    this.status = element("p", { class: "demo__status", role: "status" }, t(STAGE_LABELS.runtime));
    this.progress = element("progress", { max: "6", value: "0", "aria-label": t("Loading progress") });
    this.area.replaceChildren(this.status, this.progress);
    this.onProgress = (progress) => this.showProgress(progress);
    if (this.lastProgress) this.showProgress(this.lastProgress);
    try {
      this.prepare();
      if (!this.starting) this.starting = this.startEngine(); // a data saver skipped the early start
      const appModule = this.appModule;
      const engine = await this.starting;
      if (this.openApp) {
        await this.openApp(engine);
      } else {
        const App = await appModule;
        await new App(this.root, engine, { language: this.language, siteRoot }, embedOptions(this.root)).open();
      }
      mark("open");
      this.setState("ready");
      keepForOffline(this.language, this.root.dataset.app);
    } catch (error) {
      this.worker?.terminate();
      this.worker = null;
      this.starting = null;
      this.lastProgress = null;
      this.attempt += 1;
      this.showError(error);
    }
  }
}

function addStylesheet() {
  const link = element("link", { rel: "stylesheet", href: new URL("./demo.css", import.meta.url).href });
  document.head.append(link);
}

// The page's app, from the build's list (scripts/sitebuild/apps.py, in the boot data): its module, the class it
// exports and how it starts; a page without a known app gets the tutorial, as before.
function pageApp(root, boot) {
  return boot.apps[root.dataset.app] || boot.apps.tutorial;
}

async function appClass(app, timeout = TIMEOUTS.fetch) {
  return (await withDeadline(import(`./${app.module}`), timeout, app.module))[app.export];
}

// Set by the embed frame (embed-frame.js): no saving, a preset game, a fixed theme, and no Start button.
function embedOptions(root) {
  if (root.dataset.embedded !== "true") return {};
  return { embedded: true, preset: JSON.parse(root.dataset.preset || "null"), theme: root.dataset.theme || null };
}

async function mount() {
  const root = document.getElementById("demo");
  if (!root) return;
  addStylesheet();
  const shell = new DemoShell(root);
  const app = pageApp(root, shell.boot);
  const where = { language: root.dataset.lang || "en", siteRoot };
  if (app?.start === "words-only") {
    // the Embed page: a snippet builder and a live preview in an iframe; it needs no engine of its own
    await loadStrings(root.dataset.lang || document.documentElement.lang || "en");
    await new (await appClass(app))(root, where).open();
  } else if (app?.start === "words") {
    // "Your table's rules": rules in words and a link, from rules.json; no engine at all
    await shell.withWords(async () => new (await appClass(app))(root, where).open());
  } else if (app?.start === "engine-when-needed") {
    // the score keeper: its form works at once; the engine starts (in shell.area) when it is first needed
    await shell.withWords(async () => new (await appClass(app))(root, where, shell).prepare());
  } else {
    await shell.open();
  }
}

mount().catch((error) => console.error("demo could not mount:", error));
