// "Your table's rules" (data-app="house-rules"): choose the game and a rule set, change any option the engine
// has, and get the rules in words (to print on one page) and one link that sets up the same rules on the
// play page, the score keeper and the embed frame. It needs no engine: every option, value, label and deal
// comes from rules.json, which the build writes from the engine (scripts/sitebuild/rules_data.py).
//
// The page's own address carries the rules (the link's query, kept up to date with history.replaceState),
// so a shared link opens this page with those rules chosen. Exposes data-state="ready" and data-query.
import { t } from "./strings.js";
import { element } from "./dom.js";
import { loadRulesData, problemNotices, readRulesLink, resolvedValues, rulesQuery } from "./rules-link.js";
import { addRulesStylesheet, ruleUrl, rulesSummary, valueText } from "./rules-summary.js";

const ANOTHER_NUMBER = "number"; // the select's entry for an explicit whole number (a hand size)

function sitePage(where, page) {
  const prefix = where.language === "en" ? "" : `${where.language}/`;
  return new URL(`${prefix}${page}/`, where.siteRoot);
}

export class HouseRules {
  constructor(root, where) {
    this.root = root;
    this.where = where;
  }

  async open() {
    addRulesStylesheet();
    this.data = await loadRulesData();
    const { choice, problems } = readRulesLink(window.location.search, this.data);
    this.choice = choice;
    this.notices = element("div", { class: "house-rules__notices" });
    this.notices.append(...problemNotices(problems, this.data, "house-rules__notice"));
    this.form = element("form", { class: "house-rules__form", "aria-label": t("Your table's rules") });
    this.form.addEventListener("submit", (event) => event.preventDefault());
    this.result = element("div", { class: "house-rules__result" });
    this.root.replaceChildren(this.notices, this.form, this.result);
    this.root.classList.add("house-rules");
    this.render();
    this.root.dataset.state = "ready";
  }

  get game() {
    return this.data.games[this.choice.game];
  }

  render() {
    const focused = document.activeElement?.id;
    this.form.replaceChildren(this.gameField(), this.rulesetField(), ...this.optionFields());
    if (focused) document.getElementById(focused)?.focus();
    this.renderResult();
  }

  gameField() {
    const field = element("fieldset", { class: "house-rules__choice" });
    field.append(element("legend", {}, t("Game")));
    for (const [name, game] of Object.entries(this.data.games)) {
      const id = `house-game-${name}`;
      const radio = element("input", { type: "radio", name: "game", id, value: name, checked: name === this.choice.game });
      radio.addEventListener("change", () => {
        this.choice = { game: name, ruleset: game.default_ruleset, options: {} };
        this.render();
      });
      const row = element("div", { class: "house-rules__radio" });
      row.append(radio, element("label", { for: id }, t(game.label)));
      field.append(row);
    }
    return field;
  }

  rulesetField() {
    const field = element("fieldset", { class: "house-rules__choice" });
    field.append(element("legend", {}, t("Rules")));
    for (const [name, ruleset] of Object.entries(this.game.rulesets)) {
      const id = `house-rules-${name}`;
      const radio = element("input", { type: "radio", name: "rules", id, value: name, checked: name === this.choice.ruleset });
      radio.addEventListener("change", () => {
        // a house rule stays a house rule when the rule set changes; one the new set already has is dropped
        this.choice = { ...this.choice, ruleset: name };
        this.render();
      });
      const label = element("label", { for: id });
      label.append(element("strong", {}, t(ruleset.label)), document.createTextNode(` — ${t(ruleset.line)}`));
      const row = element("div", { class: "house-rules__radio" });
      row.append(radio, label);
      field.append(row);
    }
    return field;
  }

  optionFields() {
    const values = resolvedValues(this.choice, this.data);
    return this.game.options.map((option) => {
      const id = `house-option-${option.name}`;
      const box = element("div", { class: "house-rules__option", "data-option": option.name });
      const label = element("label", { for: id, class: "house-rules__label" }, t(option.label));
      const why = element("p", { class: "house-rules__why" }, `${t(option.explanation)} `);
      why.append(element("a", { href: ruleUrl(option, this.where) }, t("Read the rule")));
      box.append(label, why, this.valueControl(option, id, values[option.name]));
      return box;
    });
  }

  valueControl(option, id, current) {
    const isNumber = !option.values.some((entry) => entry.value === current);
    if (!option.values.length) return this.numberInput(option, id, current);
    const select = element("select", { id, name: option.name });
    for (const entry of option.values) {
      select.append(element("option", { value: String(entry.value), selected: !isNumber && entry.value === current },
        valueText(option, entry.value)));
    }
    if (option.integer) {
      select.append(element("option", { value: ANOTHER_NUMBER, selected: isNumber }, t("Another number…")));
    }
    select.addEventListener("change", () => {
      const entry = option.values.find((candidate) => String(candidate.value) === select.value);
      // "another number" starts from the rule set's own count (the basic deal's seven), then the reader types
      const start = option.values.map((candidate) => candidate.numbers.count).find(Number.isInteger) ?? 1;
      this.setOption(option.name, entry ? entry.value : start);
    });
    if (!isNumber) return select;
    const group = element("div", { class: "house-rules__pair" });
    group.append(select, this.numberInput(option, `${id}-number`, current, t(option.label)));
    return group;
  }

  numberInput(option, id, current, label = null) {
    const input = element("input", { id, type: "number", inputmode: "numeric", min: "1", step: "1",
      name: option.name, value: String(current), "aria-label": label });
    input.addEventListener("change", () => {
      const value = Number(input.value);
      if (Number.isSafeInteger(value) && value > 0) this.setOption(option.name, value);
      else input.value = String(resolvedValues(this.choice, this.data)[option.name]);
    });
    return input;
  }

  setOption(name, value) {
    this.choice = { ...this.choice, options: { ...this.choice.options, [name]: value } };
    this.render();
  }

  renderResult() {
    const query = rulesQuery(this.choice, this.data);
    this.root.dataset.query = query;
    const here = new URL(window.location.href);
    here.search = query;
    window.history.replaceState(null, "", here);
    const link = here.href;

    const heading = element("h3", { class: "house-rules__result-title" }, t("Your rules"));
    const summary = rulesSummary(this.choice, this.data, this.where, { headingTag: "h4" });
    const linkBox = element("div", { class: "house-rules__link" });
    const linkId = "house-rules-link";
    const field = element("input", { id: linkId, type: "text", readonly: true, value: link });
    field.addEventListener("focus", () => field.select());
    const copy = element("button", { type: "button", class: "md-button house-rules__copy" }, t("Copy the link"));
    const copied = element("span", { class: "house-rules__copied", role: "status" });
    copy.addEventListener("click", () => this.copy(field, copied));
    linkBox.append(element("label", { for: linkId }, t("The link to these rules")), field, copy, copied);

    const go = element("div", { class: "house-rules__go" });
    const targets = [
      [sitePage(this.where, "play"), t("Play against the computer with these rules")],
      [sitePage(this.where, "scores"), t("Keep score with these rules")],
      [new URL("embed/frame/", this.where.siteRoot), t("The game with these rules, to embed in your page")],
    ];
    for (const [url, text] of targets) {
      url.search = query;
      if (url.pathname.endsWith("/embed/frame/")) url.search = `mode=play&lang=${this.where.language}&${query}`;
      go.append(element("a", { href: url.href, class: "house-rules__target" }, text));
    }
    const print = element("button", { type: "button", class: "md-button md-button--primary house-rules__print" },
      t("Print these rules"));
    print.addEventListener("click", () => window.print());
    const printed = element("p", { class: "house-rules__printed-link" }, `${t("The link to these rules")}: ${link}`);
    this.result.replaceChildren(heading, summary, printed, linkBox, go, print);
  }

  async copy(field, copied) {
    try {
      await navigator.clipboard.writeText(field.value);
      copied.textContent = t("Copied.");
    } catch {
      field.focus();
      field.select();
      copied.textContent = t("Select the link and copy it.");
    }
  }
}
