// The embeddable frame (embed/frame/): reads its URL parameters, sets up the app root for loader.js (the
// same tutorial and game as the site, started at once, without saving), and talks to the page around it.
//
// Parameters: mode=tutorial|play, lang=one of the site's languages (default: the browser's), theme=light|dark,
// lesson (number or id), players, seed, and a shared rules link's game, rules, options and the computer
// players' level (rules-link.js, the same reader as the play page and the score keeper). A bad value falls
// back to its default and the frame says so, in the reader's language, naming the parameter.
//
// Messages posted to the parent, each a small JSON object with a namespaced type:
//   {type: "chickenfoot:ready", mode}                 the app is ready to use
//   {type: "chickenfoot:resize", height}              the content's height in CSS pixels, once the app is
//                                                     drawn (or has failed), then on every change
//   {type: "chickenfoot:lesson-complete", lesson}     a lesson's goal is reached
//   {type: "chickenfoot:game-over", winners, totals}  a match has ended (seat 0 is the reader)
// The frame listens to no message at all: nothing the parent sends can change or run anything in it.
import { loadStrings, t } from "./strings.js";
import { loadRulesData, problemNotices, readRulesLink } from "./rules-link.js";
import { element } from "./dom.js";
import { siteLanguages } from "./boot.js";
import { frameTitle } from "./frame-title.js";

const PREFIX = "chickenfoot:";
const LANGUAGES = Object.keys(siteLanguages()); // the build's list (mkdocs.yml), in the frame's boot data
const MAX_SEED = 2 ** 31 - 1;
const SETTLE_MS = 60; // a burst of layout changes (a move, a panel opening) is told as one height
const SETTLING_MS = 1500; // after the first screen, while its last parts arrive, the frame only grows

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

const FRAME_PARAMETERS = ["mode", "lang", "theme", "lesson", "players", "seed"];

/**
 * The frame's own settings from its query string (the language defaults to the reader's browser language);
 * the rules (game, rules, options) are the rules link's. Returns {settings, problems}: each problem names
 * a parameter, the refused value and the default used instead.
 */
export function readParameters(search, preferredLanguages = globalThis.navigator?.languages) {
  const params = new URLSearchParams(search);
  const problems = [];
  const settings = { mode: "tutorial", lang: browserLanguage(preferredLanguages), theme: "light", lesson: null,
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
  take("players", (v) => integer(v, 2, 8), () => String(settings.players));
  take("seed", (v) => integer(v, 0, MAX_SEED), () => "random");
  take("lesson", (v) => (/^[a-z0-9-]{1,40}$/.test(v) ? v : null), () => "1");
  return { settings, problems };
}

function showProblem(box, problem) {
  const text = problem.fallback === "random"
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
  // The host keeps the height its snippet gave the frame (one per app, snippet.js) until the app has drawn its
  // first screen: then the frame tells its height, and after that only a real change (the height once a burst
  // of changes has settled), never the few pixels of a frame still loading. In the first moments after that
  // a game's parts are still arriving: the frame then only grows (a shrink waits until they are in), so the
  // host page moves once, not down and up again.
  let last = null;
  let readyAt = null;
  let pending = false;
  const tell = () => {
    pending = false;
    if (!["ready", "error"].includes(root.dataset.state)) return;
    readyAt ??= performance.now();
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    const shown = last ?? window.innerHeight; // before the first message: the height the host gave the frame
    const settling = performance.now() - readyAt < SETTLING_MS;
    if (height === shown) return;
    if (height < shown && settling) {
      pending = true;
      setTimeout(tell, SETTLING_MS - (performance.now() - readyAt));
      return;
    }
    last = height;
    post("resize", { height });
  };
  const schedule = () => {
    if (!pending) {
      pending = true;
      setTimeout(tell, SETTLE_MS); // not requestAnimationFrame, which a frame out of view may never run
    }
  };
  new ResizeObserver(schedule).observe(document.body);
  new MutationObserver(schedule).observe(root, { attributes: true, attributeFilter: ["data-state"] });
}

async function main() {
  const root = document.getElementById("demo");
  const box = document.getElementById("embed-notices");
  const { settings, problems } = readParameters(window.location.search);
  document.documentElement.lang = settings.lang;
  document.body.dataset.theme = settings.theme;
  // Without the language's words the loader below shows its translated failure screen (it has its own copy);
  // without the rules data (a failed download) a link's rules cannot be read: the frame says so.
  const [data, words] = await Promise.all([loadRulesData().catch(() => null),
    loadStrings(settings.lang).then(() => true, () => false)]);
  const link = data ? readRulesLink(window.location.search, data, { others: FRAME_PARAMETERS }) : null;
  if (words) {
    document.title = frameTitle(settings.mode, link?.choice.game);
    document.getElementById("embed-title").textContent = document.title;
    // the static description is English; a link preview made after the scripts ran reads the reader's language
    document.querySelector('meta[name="description"]').content =
      t("Lessons and a game of Chicken Foot and Mexican Train dominoes against the computer.");
    problems.forEach((problem) => showProblem(box, problem));
    if (link) box.append(...problemNotices(link.problems, data, "embed-notice"));
    else box.append(element("p", { class: "embed-notice", role: "status" },
      t("The rules in this link could not be read, so the game uses its usual rules.")));
  }
  const { game, ruleset, options, level } = link ? link.choice : {};
  Object.assign(root.dataset, {
    app: settings.mode, lang: settings.lang, theme: settings.theme, embedded: "true", autostart: "true",
    preset: JSON.stringify(settings.mode === "tutorial" ? { lesson: settings.lesson }
      : { game, ruleset, options, level, players: settings.players,
        seed: settings.seed ?? Math.floor(Math.random() * MAX_SEED) }),
  });
  watch(root, settings, box);
  await import("./loader.js");
}

main().catch((error) => console.error("the embedded frame could not start:", error));
