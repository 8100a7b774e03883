// Mounts the demo on a page that has <div id="demo" data-app="…" data-lang="…">. Nothing heavy loads until
// the reader presses Start: then a module worker starts Pyodide and the engine, with visible progress, and a
// failure shows a translated message with a retry button. The state is exposed as data-state on the root
// (idle | loading | ready | error) for tests and embedders.
import * as Comlink from "../vendor/comlink.mjs";
import { loadStrings, t } from "./strings.js";

const STAGES = ["runtime", "python", "engine", "ready"];
const STAGE_LABELS = {
  runtime: "Downloading the game engine…",
  python: "Starting Python…",
  engine: "Loading the rules…",
  ready: "Ready.",
};

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

class DemoShell {
  constructor(root) {
    this.root = root;
    this.worker = null;
  }

  setState(state) {
    this.root.dataset.state = state;
  }

  showStart() {
    this.setState("idle");
    const start = element("button", { type: "button", class: "md-button md-button--primary demo__start" },
      t("Start"));
    start.addEventListener("click", () => this.load(), { once: true });
    this.root.replaceChildren(start);
  }

  showProgress(stage) {
    const step = STAGES.indexOf(stage) + 1;
    const progress = element("progress", { max: String(STAGES.length), value: String(step),
      "aria-label": t("Loading progress") });
    const status = element("p", { class: "demo__status", role: "status" }, t(STAGE_LABELS[stage]));
    this.root.replaceChildren(status, progress);
  }

  showError(error) {
    console.warn("demo failed to start:", error);
    this.setState("error");
    const reason = String(error && error.message || error) === "no-webassembly"
      ? t("This browser cannot run the game: it has no WebAssembly.")
      : t("The game engine could not be loaded. Check your connection and try again.");
    const retry = element("button", { type: "button", class: "md-button demo__retry" }, t("Try again"));
    retry.addEventListener("click", () => this.load(), { once: true });
    this.root.replaceChildren(element("p", { class: "demo__error", role: "alert" }, reason), retry);
  }

  async load() {
    this.setState("loading");
    this.showProgress("runtime");
    this.worker?.terminate();
    try {
      this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
      const failed = new Promise((_, reject) => {
        this.worker.addEventListener("error", (event) => reject(new Error(event.message || "worker error")));
      });
      const engine = Comlink.wrap(this.worker);
      await Promise.race([engine.start(Comlink.proxy((stage) => this.showProgress(stage))), failed]);
      this.engine = engine;
      await this.showReady();
    } catch (error) {
      this.worker?.terminate();
      this.worker = null;
      this.showError(error);
    }
  }

  async showReady() {
    const facts = JSON.parse(await this.engine.call("describe_set", JSON.stringify({ highest: 9 })));
    if (!facts.ok) throw new Error(`engine answered ${facts.error}`);
    const answer = element("p", { class: "demo__answer", "data-tiles": String(facts.tiles),
      "data-pips": String(facts.pips) },
      t("The engine is ready. A double-{highest} set has {tiles} tiles and {pips} pips.", facts));
    this.root.replaceChildren(answer);
    this.setState("ready");
  }
}

async function mount() {
  const root = document.getElementById("demo");
  if (!root) return;
  await loadStrings(root.dataset.lang || document.documentElement.lang || "en");
  new DemoShell(root).showStart();
}

mount().catch((error) => console.error("demo could not mount:", error));
