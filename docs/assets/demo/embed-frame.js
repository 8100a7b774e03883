// The embeddable frame (embed/frame/): reads its URL parameters, sets up the app root for loader.js (the
// same tutorial and game as the site, started at once, without saving), and talks to the page around it.
//
// Parameters: mode=tutorial|play, lang=en|ht|su|sq (default: the browser's language), theme=light|dark,
// lesson (number or id), game, rules, players, seed. A bad value falls back to its default and the frame
// says so, in the reader's language.
//
// Messages posted to the parent, each a small JSON object with a namespaced type:
//   {type: "chickenfoot:ready", mode}                 the app is ready to use
//   {type: "chickenfoot:resize", height}              the content's height in CSS pixels, on every change
//   {type: "chickenfoot:lesson-complete", lesson}     a lesson's goal is reached
//   {type: "chickenfoot:game-over", winners, totals}  a match has ended (seat 0 is the reader)
// The frame listens to no message at all: nothing the parent sends can change or run anything in it.
import { loadStrings, t } from "./strings.js";
import { RULE_SET_TEXT } from "./game-text.js";

const PREFIX = "chickenfoot:";
const LANGUAGES = ["en", "ht", "su", "sq"];
const MAX_SEED = 2 ** 31 - 1;

function post(type, data = {}) {
  // The parent may be any site (or an opaque origin, when it sandboxes us): these messages carry no secret.
  if (window.parent !== window) window.parent.postMessage({ type: PREFIX + type, ...data }, "*");
}

function integer(text, low, high) {
  return /^\d{1,10}$/.test(text) && Number(text) >= low && Number(text) <= high ? Number(text) : null;
}

/** The first of the reader's browser languages that the site speaks, else English. */
function browserLanguage(preferred) {
  for (const tag of preferred || []) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

/**
 * The frame's settings from its query string (the language defaults to the reader's browser language). Returns {settings, problems}: each problem names a parameter,
 * the refused value and the default used instead.
 */
export function readParameters(search, preferredLanguages = globalThis.navigator?.languages) {
  const params = new URLSearchParams(search);
  const problems = [];
  const settings = { mode: "tutorial", lang: browserLanguage(preferredLanguages), theme: "light", lesson: null, game: "chicken-foot", rules: null,
    players: 4, seed: null };
  const take = (name, accept, fallbackText) => {
    if (!params.has(name)) return;
    const value = params.get(name);
    const accepted = accept(value);
    if (accepted === null) problems.push({ name, value, fallback: fallbackText() });
    else settings[name] = accepted;
  };
  take("mode", (v) => (["tutorial", "play"].includes(v) ? v : null), () => settings.mode);
  take("lang", (v) => (LANGUAGES.includes(v) ? v : null), () => settings.lang);
  take("theme", (v) => (["light", "dark"].includes(v) ? v : null), () => settings.theme);
  take("game", (v) => (v in RULE_SET_TEXT ? v : null), () => settings.game);
  settings.rules = Object.keys(RULE_SET_TEXT[settings.game])[0];
  take("rules", (v) => (Object.hasOwn(RULE_SET_TEXT[settings.game], v) ? v : null), () => settings.rules);
  take("players", (v) => integer(v, 2, 8), () => String(settings.players));
  take("seed", (v) => integer(v, 0, MAX_SEED), () => "random");
  take("lesson", (v) => (/^[a-z0-9-]{1,40}$/.test(v) ? v : null), () => "1");
  const known = new Set(["mode", "lang", "theme", "game", "rules", "players", "seed", "lesson"]);
  for (const name of params.keys()) {
    if (!known.has(name)) problems.push({ name, value: params.get(name), fallback: null });
  }
  return { settings, problems };
}

function showProblem(box, problem) {
  const text = problem.fallback === null
    ? t("The parameter “{name}” is not known and is ignored.", { name: problem.name })
    : problem.fallback === "random"
      ? t("The parameter “{name}” cannot be “{value}”: a random one is used instead.", problem)
      : t("The parameter “{name}” cannot be “{value}”: “{fallback}” is used instead.", problem);
  const line = document.createElement("p");
  line.className = "embed-notice";
  line.setAttribute("role", "status");
  line.dataset.parameter = problem.name;
  line.textContent = text;
  box.append(line);
}

function watch(root, settings, box) {
  let ready = false;
  new MutationObserver(() => {
    if (!ready && root.dataset.state === "ready") {
      ready = true;
      post("ready", { mode: settings.mode });
    }
    if (root.dataset.complete === "true" && root.dataset.reported !== root.dataset.lesson) {
      root.dataset.reported = root.dataset.lesson;
      post("lesson-complete", { lesson: root.dataset.lesson });
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-state", "data-complete", "data-lesson"] });
  // The lesson parameter is a lesson's number (1, 2, …) or id; the tutorial knows which exist, opens the
  // first lesson instead of an unknown one, and says so here.
  root.addEventListener("chickenfoot:lesson-unknown", (event) => {
    showProblem(box, { name: "lesson", value: event.detail.value, fallback: "1" });
  });
  root.addEventListener("chickenfoot:game-over", (event) => {
    const { winners, totals, game } = event.detail;
    post("game-over", { game, winners: [...winners], totals: [...totals] });
  });
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      post("resize", { height });
    }
  }).observe(document.body);
}

async function main() {
  const root = document.getElementById("demo");
  const box = document.getElementById("embed-notices");
  const { settings, problems } = readParameters(window.location.search);
  document.documentElement.lang = settings.lang;
  document.body.dataset.theme = settings.theme;
  await loadStrings(settings.lang);
  document.title = settings.mode === "tutorial" ? t("Chicken Foot tutorial") : t("Chicken Foot game");
  document.getElementById("embed-title").textContent = document.title;
  problems.forEach((problem) => showProblem(box, problem));
  Object.assign(root.dataset, {
    app: settings.mode, lang: settings.lang, theme: settings.theme, embedded: "true", autostart: "true",
    preset: JSON.stringify(settings.mode === "tutorial" ? { lesson: settings.lesson }
      : { game: settings.game, ruleset: settings.rules, players: settings.players,
        seed: settings.seed ?? Math.floor(Math.random() * MAX_SEED) }),
  });
  watch(root, settings, box);
  await import("./loader.js");
}

main().catch((error) => console.error("the embedded frame could not start:", error));
