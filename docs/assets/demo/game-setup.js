// The new-game form: game, number of players, rule set (each with its one-line explanation), set size (the
// engine says which sets can deal this many players and which one the deal tables suggest), chicken little,
// and an optional seed; and who plays: the computer players' level and, seat by seat, a person or a computer
// (game-seats.js). It knows no rules: every choice it offers comes from the engine's `game_setup` and
// `game_levels`.
import { t, tn } from "./strings.js";
import { gameName, ruleSetText } from "./game-text.js";
import { gameWords } from "./boot.js";
import { SeatsField } from "./game-seats.js";
import { element } from "./dom.js";

let formCount = 0;

function labelled(id, text, control) {
  const field = element("div", { class: "game-field" });
  field.append(element("label", { for: id }, text), control);
  return field;
}

export const MAX_SEED = 2 ** 31 - 1;

export class SetupForm {
  /**
   * @param {import("./protocol.js").EngineClient} engine
   * @param {{game?: string, ruleset?: string, players?: number, seed?: number|null, level?: string,
   *   seats?: object[]}} defaults
   * @param {(choice: object) => void} onStart
   * @param {string} headingTag the form title's heading level where the form is shown
   */
  constructor(engine, defaults, onStart, headingTag = "h3") {
    this.engine = engine;
    this.headingTag = headingTag;
    this.onStart = onStart;
    const { options = {}, note = null, ...fields } = defaults;
    // a rules link's other options pass through to the engine untouched; the form's own fields win over them
    this.linkOptions = options;
    this.note = note;
    this.choice = { game: "chicken-foot", ruleset: null, players: 4, set_size: null,
      seed: null, ...fields };
    // a link that sets the set or a boxed option (chicken little) opens the less common choices, where those are
    this.moreOpen = Boolean(fields.set_size) || Object.keys(this.formOptions).some((name) => fields[name] ?? options[name]);
    this.id = `game-setup-${++formCount}`;
    // The form is never submitted: in an iframe sandboxed without "allow-forms" (the documented embedding) the
    // browser drops a submission before any submit event, so "Start the game" and Enter start the game
    // themselves.
    this.form = element("form", { class: "game-setup", "aria-labelledby": `${this.id}-title` });
    this.form.addEventListener("submit", (event) => event.preventDefault());
    this.form.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && event.target instanceof HTMLInputElement && event.target.type !== "checkbox"
        && event.target.type !== "radio") {
        event.preventDefault();
        this.submit();
      }
    });
  }

  async render() {
    const { choice, id } = this;
    const setup = await this.engine.gameSetup({ game: choice.game, players: choice.players });
    this.seats ||= new SeatsField(id, await this.engine.gameLevels(), choice);
    this.setup = setup;
    const rulesets = setup.rulesets;
    const usable = rulesets.filter((r) => r.set_sizes.length);
    if (!usable.some((r) => r.name === choice.ruleset)) choice.ruleset = (usable[0] || rulesets[0]).name;
    const current = rulesets.find((r) => r.name === choice.ruleset);
    if (!current.set_sizes.includes(choice.set_size)) choice.set_size = current.suggested;

    // the form's name; the app's top bar already says "New game" on screen, so the heading is for screen readers
    const title = element(this.headingTag, { id: `${id}-title`, class: "game-setup__title visually-hidden" }, t("New game"));

    const game = element("select", { id: `${id}-game`, name: "game" });
    for (const value of Object.keys(gameWords())) {
      game.append(element("option", { value, selected: value === choice.game }, gameName(value)));
    }
    game.addEventListener("change", () => { choice.game = game.value; choice.ruleset = null; this.rerender(); });

    const players = element("select", { id: `${id}-players`, name: "players" });
    const [low, high] = setup.player_range;
    for (let n = low; n <= high; n += 1) {
            // who they are (people or computers) is chosen under "Who plays"
      players.append(element("option", { value: String(n), selected: n === choice.players },
        tn("{count} player", "{count} players", n)));
    }
    players.addEventListener("change", () => { choice.players = Number(players.value); this.rerender(); });

    const rules = element("fieldset", { class: "game-rulesets" });
    rules.append(element("legend", {}, t("Rules")));
    for (const entry of rulesets) {
      const [name, line] = ruleSetText(setup.game, entry.name);
      const radioId = `${id}-rules-${entry.name}`;
      const radio = element("input", { type: "radio", name: "ruleset", id: radioId, value: entry.name,
        checked: entry.name === choice.ruleset, disabled: !entry.set_sizes.length });
      radio.addEventListener("change", () => { choice.ruleset = entry.name; choice.set_size = null; this.rerender(); });
      const label = element("label", { for: radioId });
      label.append(element("strong", {}, t(name)), document.createTextNode(` — ${t(line)}`));
      if (!entry.set_sizes.length) {
        const notFor = tn("(not for {count} player)", "(not for {count} players)", choice.players);
        label.append(document.createTextNode(` ${notFor}`));
      }
      const row = element("div", { class: "game-ruleset" });
      row.append(radio, label);
      rules.append(row);
    }

    const size = element("select", { id: `${id}-set`, name: "set_size" });
    for (const value of current.set_sizes) {
      const hand = current.hand_sizes[String(value)];
      const text = value === current.suggested
        ? tn("Double-{size}, {hand} tile each (suggested)", "Double-{size}, {hand} tiles each (suggested)", hand, { size: value, hand })
        : tn("Double-{size}, {hand} tile each", "Double-{size}, {hand} tiles each", hand, { size: value, hand });
      size.append(element("option", { value: String(value), selected: value === choice.set_size }, text));
    }
    size.addEventListener("change", () => { choice.set_size = Number(size.value); });

    // the common choices up front; the others, each with a sensible default, under "More choices"
    const fields = [title, labelled(`${id}-game`, t("Game"), game), labelled(`${id}-players`, t("Players"), players),
      rules];
    if (this.linkApplies) fields.splice(1, 0, this.note);
    const more = [...this.seats.render(choice.players), labelled(`${id}-set`, t("Set"), size)];

    // a box for each option the game's records offer on this form (option_text.py: chicken little)
    for (const [name, words] of Object.entries(this.formOptions)) {
      const box = element("input", { type: "checkbox", id: `${id}-${name}`, name, checked: this.boxValue(name) });
      box.addEventListener("change", () => { choice[name] = box.checked; });
      const row = element("div", { class: "game-field game-field--check" });
      row.append(box, element("label", { for: `${id}-${name}` }, t(words)));
      more.push(row);
    }

    const seed = element("input", { type: "number", id: `${id}-seed`, name: "seed", min: "0", max: String(MAX_SEED),
      step: "1", inputmode: "numeric", value: choice.seed ?? "", placeholder: t("random") });
    seed.addEventListener("input", () => {
      choice.seed = seed.value === "" ? null : Number(seed.value);
    });
    more.push(labelled(`${id}-seed`, t("Deal number (optional: the same number deals the same tiles again)"), seed));
    const start = element("button", { type: "button", class: "md-button md-button--primary game-start" },
      t("Start the game"));
    start.disabled = !current.set_sizes.length;
    start.addEventListener("click", () => this.submit());
    this.form.replaceChildren(...fields, this.moreChoices(more, size), start);
    return this.form;
  }

  /** The disclosure of the less common choices; its summary says what they are now, so a closed one hides
   *  nothing the reader has to know. It stays open or closed across re-renders. */
  moreChoices(controls, size) {
    const details = element("details", { class: "game-more", open: this.moreOpen });
    details.addEventListener("toggle", () => { this.moreOpen = details.open; });
    const summary = element("summary", { class: "game-more__summary" });
    // the toggle event comes a task later: a form drawn again in between keeps what the reader just chose
    summary.addEventListener("click", () => { this.moreOpen = !details.open; });
    const now = element("span", { class: "game-more__now" });
    const sayNow = () => {
      const level = this.seats.levels.find((entry) => entry.name === this.choice.level);
      now.textContent = [level ? t(level.label) : "", size.selectedOptions[0]?.textContent || ""].filter(Boolean).join(" · ");
    };
    sayNow();
    summary.append(element("span", { class: "game-more__title" }, t("More choices")), now);
    const body = element("div", { class: "game-more__body" });
    body.append(...controls);
    body.addEventListener("change", sayNow);
    details.append(summary, body);
    return details;
  }

  get formOptions() {
    return gameWords()[this.choice.game]?.form_options || {};
  }

  // a box the reader has not touched shows the rules link's value (false without one)
  boxValue(name) {
    return Boolean(this.choice[name] ?? this.linkOptions[name]);
  }

  // the link's rules hold while the form shows its game and rule set
  get linkApplies() {
    return Boolean(this.note) && this.choice.game === this.note.dataset.game && this.choice.ruleset === this.note.dataset.rules;
  }

  async rerender() {
    const focused = document.activeElement?.name;
    await this.render();
    const again = focused && this.form.querySelector(`[name="${focused}"]:checked, select[name="${focused}"]`);
    again?.focus();
  }

  submit() {
    if (this.form.querySelector(".game-start")?.disabled) return;
    const { choice } = this;
    let seed = choice.seed;
    if (seed === null || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
      seed = Math.floor(Math.random() * MAX_SEED);
    }
    // the form's own fields win over the link's options of the same name
    const options = { ...(this.linkApplies ? this.linkOptions : {}) };
    delete options.set_size;
    // a ticked box sets its option; an empty one leaves the rule set's value
    for (const name of Object.keys(this.formOptions)) {
      if (this.boxValue(name)) options[name] = true;
      else delete options[name];
    }
    this.onStart({ game: choice.game, ruleset: choice.ruleset, players: choice.players, set_size: choice.set_size,
      seed, options, seats: this.seats.value(choice.players) });
  }
}
