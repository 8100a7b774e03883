// The Embed page's snippet builder: the host picks what the frame shows (tutorial or game, language, theme,
// lesson, game, rules, players, seed), copies the <iframe> code, and can preview it live. The code uses only
// the frame's URL parameters and its postMessage "chickenfoot:resize" message: no library, no script from
// this site runs in the host page beyond the few lines shown.
import { t } from "./strings.js";
import { gameName } from "./game-text.js";
import { element } from "./dom.js";
import { gameWords, siteLanguages } from "./boot.js";
import { frameTitle } from "./frame-title.js";

const LANGUAGES = siteLanguages(); // {code: name}, from mkdocs.yml through the page's boot data
const FRAME_PATH = "embed/frame/";
// The height the host reserves for the frame before it has drawn anything (CSS pixels), near what each app
// takes once drawn (scripts/measure_embed.py: the tutorial 754 px at 1280 wide; a Chicken Foot game 613-651;
// a Mexican Train game 884-916), so the host page does not jump when the frame tells its height; never more
// than the window's height, so that a phone shows the whole frame (the frame scrolls inside if it must).
const INITIAL_HEIGHT = { tutorial: 760, "chicken-foot": 640, "mexican-train": 900 };
const MAX_HEIGHT = "max-height: 100vh; max-height: 100svh;"; // svh: the phone's screen with its bars shown

/** The frame's height before it tells its own, in CSS pixels. */
export function initialHeight(choice) {
  return choice.mode === "tutorial" ? INITIAL_HEIGHT.tutorial : INITIAL_HEIGHT[choice.game] || INITIAL_HEIGHT["chicken-foot"];
}

function field(id, label, control, hint = "") {
  const wrapper = element("div", { class: "game-field" });
  wrapper.append(element("label", { for: id }, label), control);
  if (hint) wrapper.append(element("small", { class: "snippet-hint" }, hint));
  return wrapper;
}

function select(id, name, options, value) {
  const node = element("select", { id, name });
  for (const [optionValue, text] of options) node.append(element("option", { value: optionValue, selected: optionValue === value }, text));
  return node;
}

/** The frame's address for a choice of options (only the parameters that differ from the defaults). */
export function frameUrl(siteRoot, choice) {
  const url = new URL(FRAME_PATH, siteRoot);
  const params = { mode: choice.mode, lang: choice.lang, theme: choice.theme };
  if (choice.mode === "tutorial") {
    if (choice.lesson) params.lesson = choice.lesson;
  } else {
    Object.assign(params, { game: choice.game, rules: choice.rules, players: choice.players });
    if (choice.seed !== "" && choice.seed !== null && choice.seed !== undefined) params.seed = choice.seed;
  }
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  return url.href;
}

/** The code a host pastes: the iframe, and a few lines that follow the frame's height. */
export function snippetCode(src, choice, title) {
  const id = `chickenfoot-${choice.mode}`;
  const sandbox = choice.sandboxed ? ' sandbox="allow-scripts"' : "";
  return `<iframe id="${id}" src="${src}"${sandbox} title="${title}" loading="lazy"
  style="width: 100%; height: ${initialHeight(choice)}px; ${MAX_HEIGHT} border: 0;"></iframe>
<script>
  // Follow the frame's height: once drawn, it posts {type: "chickenfoot:resize", height} when its content
  // changes (never taller than the window: the style's max-height).
  window.addEventListener("message", (event) => {
    const frame = document.getElementById("${id}");
    if (event.source !== frame.contentWindow || !event.data || event.data.type !== "chickenfoot:resize") return;
    const height = Number(event.data.height);
    if (height > 0 && height < 10000) frame.style.height = height + "px";
  });
</script>`;
}

/** Adds the stylesheet once and resolves when it is in (or failed): the form it styles (44 px check boxes) is
 * shown only then, so no field changes size under the reader, nor before a test measures it. */
function stylesheetIn(href) {
  let link = document.querySelector(`link[href="${href}"]`);
  if (!link) {
    link = element("link", { rel: "stylesheet", href });
    document.head.append(link);
  }
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
}

export class SnippetBuilder {
  /** @param {HTMLElement} root @param {{language: string, siteRoot: URL}} where */
  constructor(root, where) {
    this.root = root;
    this.where = where;
    this.choice = { mode: "play", lang: where.language in LANGUAGES ? where.language : "en", theme: "light",
      lesson: "", game: "chicken-foot", rules: "basic", players: 4, seed: "", sandboxed: true };
  }

  async open() {
    await stylesheetIn(new URL("./game.css", import.meta.url).href);
    this.form = element("form", { class: "snippet-form" });
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.preview(); });
    this.code = element("textarea", { class: "snippet-code", id: "snippet-code", readonly: true, rows: "12",
      spellcheck: "false" });
    this.copied = element("span", { class: "snippet-copied", role: "status" });
    const copy = element("button", { type: "button", class: "md-button snippet-copy" }, t("Copy the code"));
    copy.addEventListener("click", () => this.copy());
    this.frameBox = element("div", { class: "snippet-preview" });
    const output = element("div", { class: "snippet-output" });
    output.append(element("label", { for: "snippet-code" }, t("Code to paste into your page")), this.code, copy,
      this.copied);
    this.root.replaceChildren(this.form, output, this.frameBox);
    this.root.dataset.state = "ready";
    this.renderForm();
    window.addEventListener("message", (event) => this.followHeight(event));
  }

  followHeight(event) {
    const frame = this.frameBox.querySelector("iframe");
    if (!frame || event.source !== frame.contentWindow || event.data?.type !== "chickenfoot:resize") return;
    const height = Number(event.data.height);
    if (height > 0 && height < 10000) frame.style.height = `${height}px`;
  }

  renderForm() {
    const c = this.choice;
    const on = (node, key, convert = (v) => v) => {
      node.addEventListener("change", () => {
        c[key] = node.type === "checkbox" ? node.checked : convert(node.value);
        if (key === "game") c.rules = Object.keys(gameWords()[c.game].rulesets)[0];
        this.renderForm();
      });
      return node;
    };
    const parts = [
      field("snippet-mode", t("Show"), on(select("snippet-mode", "mode",
        [["play", t("The game against the computer")], ["tutorial", t("The tutorial")]], c.mode), "mode")),
      field("snippet-lang", t("Language"), on(select("snippet-lang", "lang", Object.entries(LANGUAGES), c.lang), "lang")),
      field("snippet-theme", t("Colours"), on(select("snippet-theme", "theme",
        [["light", t("Light")], ["dark", t("Dark")]], c.theme), "theme")),
    ];
    if (c.mode === "tutorial") {
      parts.push(field("snippet-lesson", t("First lesson (number, optional)"), on(element("input", {
        id: "snippet-lesson", name: "lesson", type: "number", min: "1", step: "1", value: c.lesson }), "lesson")));
    } else {
      parts.push(
        field("snippet-game", t("Game"), on(select("snippet-game", "game",
          Object.keys(gameWords()).map((game) => [game, gameName(game)]), c.game), "game")),
        field("snippet-rules", t("Rules"), on(select("snippet-rules", "rules",
          Object.entries(gameWords()[c.game].rulesets).map(([name, [label]]) => [name, t(label)]), c.rules), "rules")),
        field("snippet-players", t("Players"), on(select("snippet-players", "players",
          [2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), String(n)]), String(c.players)), "players", Number)),
        field("snippet-seed", t("Deal number (optional: the same number deals the same tiles again)"), on(element("input", {
          id: "snippet-seed", name: "seed", type: "number", min: "0", step: "1", value: c.seed }), "seed")),
      );
    }
    const sandboxed = on(element("input", { type: "checkbox", id: "snippet-sandbox", name: "sandboxed",
      checked: c.sandboxed }), "sandboxed");
    const sandboxRow = element("div", { class: "game-field game-field--check" });
    sandboxRow.append(sandboxed, element("label", { for: "snippet-sandbox" },
      t("Sandboxed (recommended: the frame can run its scripts and nothing else)")));
    parts.push(sandboxRow, element("button", { type: "submit", class: "md-button md-button--primary snippet-show" },
      t("Show the preview")));
    this.form.replaceChildren(...parts);
    this.src = frameUrl(this.where.siteRoot, c);
    const title = frameTitle(c.mode, c.game);
    this.code.value = snippetCode(this.src, c, title.replace(/"/g, "&quot;"));
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(this.code.value);
    } catch {
      this.code.select(); // no clipboard access (an insecure page, or refused): the reader copies by hand
      this.copied.textContent = t("Press Ctrl+C (or ⌘C) to copy the selected code.");
      return;
    }
    this.copied.textContent = t("Copied.");
  }

  preview() {
    const frame = element("iframe", { src: this.src, title: t("Preview"), class: "snippet-frame",
      sandbox: this.choice.sandboxed ? "allow-scripts" : null });
    frame.style.cssText = `height: ${initialHeight(this.choice)}px; ${MAX_HEIGHT}`;
    this.frameBox.replaceChildren(frame);
  }
}
