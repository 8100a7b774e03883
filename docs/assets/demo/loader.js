// Mounts the app on a page that has <div id="demo" data-app="…" data-lang="…">. Nothing heavy loads until
// the reader presses Start: then a module worker starts Pyodide and the engine, with a progress bar of real
// stages (bytes downloaded of the total, starting Python, loading the engine), and a failure shows a
// translated message with a retry button; the page's text stays usable throughout. The state is exposed as
// data-state on the root (idle | loading | ready | error) for tests and embedders.
import { loadStrings, t } from "./strings.js";
import { EngineClient } from "./protocol.js";
import { Tutorial } from "./tutorial.js";
import { SaveSlot } from "./game-storage.js";
import { element } from "./dom.js";

const siteRoot = new URL("../../", import.meta.url);
const N_ = (s) => s;
const STAGE_LABELS = {
  runtime: N_("Downloading the game engine…"),
  python: N_("Starting Python…"),
  engine: N_("Loading the rules…"),
  ready: N_("Ready."),
};
const STAGE_STEPS = { runtime: 0, python: 1, engine: 2, ready: 3 };

function megabytes(bytes) {
  return new Intl.NumberFormat(document.documentElement.lang || undefined,
    { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1e6);
}

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

class DemoShell {
  constructor(root) {
    this.root = root;
    this.worker = null;
    this.language = root.dataset.lang || document.documentElement.lang || "en";
  }

  setState(state) {
    this.root.dataset.state = state;
  }

  showStart() {
    this.setState("idle");
    const start = element("button", { type: "button", class: "md-button md-button--primary demo__start" },
      this.startLabel());
    start.addEventListener("click", () => this.load(), { once: true });
    this.root.replaceChildren(start);
  }

  startLabel() {
    if (this.root.dataset.app !== "play") return t("Start the tutorial");
    return new SaveSlot().read() ? t("Resume your game") : t("Start the game");
  }

  showProgress({ stage, loaded, total }) {
    // The download is most of the wait: it fills the bar's first three quarters by bytes.
    const value = stage === "runtime" && total ? 3 * Math.min(loaded / total, 1) : 3 + STAGE_STEPS[stage];
    this.progress.value = Math.min(value, 5.9);
    this.root.dataset.stage = stage;
    this.status.textContent = stage === "runtime" && total
      ? t("Downloading the game engine: {loaded} of {total} MB", { loaded: megabytes(loaded), total: megabytes(total) })
      : t(STAGE_LABELS[stage]);
  }

  showError(error) {
    console.warn("demo failed to start:", error);
    this.setState("error");
    const reason = String(error && error.message || error) === "no-webassembly"
      ? t("This browser cannot run the game: it has no WebAssembly.")
      : t("The game engine could not be loaded. Check your connection and try again.");
    const retry = element("button", { type: "button", class: "md-button demo__retry" }, t("Try again"));
    retry.addEventListener("click", () => this.load(), { once: true });
    const help = element("p", { class: "demo__help" }, t("The rules on this page do not need the game engine."));
    this.root.replaceChildren(element("p", { class: "demo__error", role: "alert" }, reason), help, retry);
  }

  async load() {
    this.setState("loading");
    this.status = element("p", { class: "demo__status", role: "status" }, t(STAGE_LABELS.runtime));
    this.progress = element("progress", { max: "6", value: "0", "aria-label": t("Loading progress") });
    this.root.replaceChildren(this.status, this.progress);
    this.worker?.terminate();
    try {
      if (typeof WebAssembly !== "object") throw new Error("no-webassembly");
      this.worker = startWorker();
      const failed = new Promise((_, reject) => {
        this.worker.addEventListener("error", (event) => reject(new Error(event.message || "worker error")));
      });
      const engine = new EngineClient(this.worker);
      await Promise.race([engine.start((progress) => this.showProgress(progress)), failed]);
      // data-app="play": the game against computer players (game.js), loaded only on its pages
      const App = this.root.dataset.app === "play" ? (await import("./game.js")).Game : Tutorial;
      const app = new App(this.root, engine, { language: this.language, siteRoot }, embedOptions(this.root));
      await app.open();
      this.setState("ready");
    } catch (error) {
      this.worker?.terminate();
      this.worker = null;
      this.showError(error);
    }
  }
}

function addStylesheet() {
  const link = element("link", { rel: "stylesheet", href: new URL("./demo.css", import.meta.url).href });
  document.head.append(link);
}

// Set by the embed frame (embed-frame.js): no saving, a preset game, a fixed theme, and no Start button.
function embedOptions(root) {
  if (root.dataset.embedded !== "true") return {};
  return { embedded: true, preset: JSON.parse(root.dataset.preset || "null"), theme: root.dataset.theme || null };
}

// The app goes at the end of its own section ("The game", "The tutorial": a heading with the id <app>-app),
// which the page puts near its top so that Start is not screens below; without one it stays after the text.
function placeRoot(root) {
  const heading = document.getElementById(`${root.dataset.app}-app`);
  if (!heading) return;
  let last = heading;
  while (last.nextElementSibling && !/^H[1-6]$/.test(last.nextElementSibling.tagName)) last = last.nextElementSibling;
  if (last !== root) last.after(root);
}

async function mount() {
  const root = document.getElementById("demo");
  if (!root) return;
  placeRoot(root);
  addStylesheet();
  await loadStrings(root.dataset.lang || document.documentElement.lang || "en");
  if (root.dataset.app === "embed") {
    // the Embed page: a snippet builder and a live preview in an iframe; it needs no engine of its own
    const { SnippetBuilder } = await import("./snippet.js");
    new SnippetBuilder(root, { language: root.dataset.lang || "en", siteRoot }).open();
    return;
  }
  const shell = new DemoShell(root);
  if (root.dataset.autostart === "true") shell.load();
  else shell.showStart();
}

mount().catch((error) => console.error("demo could not mount:", error));
