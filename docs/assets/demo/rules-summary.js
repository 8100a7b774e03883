// Rules in words, from rules.json and the ui catalog: the same labels, values and rule sections as the rules
// pages' rule-set table (scripts/sitebuild/option_text.py), so nothing is written twice. Used by the
// house-rules page (on screen and printed), the score keeper's sheet and the play page's new-game form.
import { t, tn } from "./strings.js";
import { element } from "./dom.js";
import { houseRules, resolvedValues } from "./rules-link.js";

/** The stylesheet of the rules apps (house rules, score keeper, the rules in words), added once. */
export function addRulesStylesheet() {
  const href = new URL("./rules-apps.css", import.meta.url).href;
  if (!document.querySelector(`link[href="${href}"]`)) document.head.append(element("link", { rel: "stylesheet", href }));
}

function formatNumber(value) {
  return new Intl.NumberFormat(document.documentElement.lang || undefined).format(value);
}

function fill(numbers) {
  return Object.fromEntries(Object.entries(numbers || {}).map(([name, value]) => [name, formatNumber(value)]));
}

// A label is a msgid, or a counting text {msgid, plural, count} (rules_data.py) whose form the raw number
// named by `count` chooses; the placeholders show the numbers formatted for the reader's language.
function labelText(label, numbers) {
  if (typeof label === "string") return t(label, fill(numbers));
  return tn(label.msgid, label.plural, numbers[label.count], fill(numbers));
}

/** An option's value in words, e.g. "25 points" or "Puremco's table". */
export function valueText(option, value) {
  const named = option.values.find((entry) => entry.value === value);
  if (named) return labelText(named.label, named.numbers);
  return labelText(option.integer_label, { count: value, points: value });
}

/** The address of a rule's section on the rules page, in the reader's language. */
export function ruleUrl(option, { language, siteRoot }) {
  const prefix = language === "en" ? "" : `${language}/`;
  return new URL(`${prefix}${option.page}/#${option.rule_id}`, siteRoot).href;
}

/** The options worth a line: each option's record says under which values of the others it matters (rules.json's
 * shown_when: the losing total only when the game is played to a total). */
export function shownOptions(game, values) {
  return game.options.filter((option) => Object.entries(option.shown_when || {})
    .every(([name, value]) => values[name] === value));
}

/** "Chicken Foot · Kelley" */
export function rulesTitle(choice, data) {
  const game = data.games[choice.game];
  return `${t(game.label)} · ${t(game.rulesets[choice.ruleset].label)}`;
}

/**
 * The deal for every player count the rules can deal: [[players, set size, tiles each]], computed by the
 * engine at build time. For an explicit number of tiles each, the engine's table gives the most each player
 * can take: the player counts listed are those it can be dealt to.
 */
export function dealRows(choice, data) {
  const game = data.games[choice.game];
  const values = resolvedValues(choice, data);
  const each = typeof values.deal === "number" ? values.deal : null;
  const key = game.deal_options.map((name) => (name === "deal" && each !== null ? "number" : String(values[name])))
    .join("|");
  const table = data.deal_tables[game.deals[key]] || {};
  return Object.entries(table).filter(([, [, most]]) => each === null || each <= most)
    .map(([players, [size, tiles]]) => [Number(players), size, each ?? tiles]);
}

function dealTable(choice, data) {
  const rows = dealRows(choice, data);
  if (!rows.length) {
    return element("p", { class: "rules-summary__problem", role: "status" },
      t("These choices cannot be dealt to any number of players: choose another set or number of tiles."));
  }
  // the set has a column only where it follows the number of players (Mexican Train's "auto")
  const oneSet = rows.every(([, size]) => size === rows[0][1]);
  const table = element("table", { class: "rules-summary__deal" });
  table.append(element("caption", {}, t("Tiles each, by number of players")));
  const head = element("tr");
  for (const text of [t("Players"), ...(oneSet ? [] : [t("Set")]), t("Tiles each")]) {
    head.append(element("th", { scope: "col" }, text));
  }
  table.append(head);
  for (const [players, size, each] of rows) {
    const row = element("tr");
    row.append(element("th", { scope: "row" }, formatNumber(players)));
    if (!oneSet) row.append(element("td", {}, t(data.set_names[size])));
    row.append(element("td", {}, formatNumber(each)));
    table.append(row);
  }
  return table;
}

/**
 * The rules of `choice` as a list: each option's label (a link to its rule), its value, "house rule" where
 * it differs from the rule set, and (with `explain`) the sentence that explains it; then the deal table.
 * `onlyHouseRules` lists only the options that differ from the rule set (under its name).
 */
export function rulesSummary(choice, data, where, { explain = true, headingTag = "h3", deal = true,
  onlyHouseRules = false } = {}) {
  const game = data.games[choice.game];
  const values = resolvedValues(choice, data);
  const changed = houseRules(choice, data);
  const section = element("section", { class: "rules-summary", "data-game": choice.game, "data-rules": choice.ruleset });
  section.append(element(headingTag, { class: "rules-summary__title" }, rulesTitle(choice, data)));
  const list = element("dl", { class: "rules-summary__list" });
  for (const option of shownOptions(game, values)) {
    if (onlyHouseRules && !Object.hasOwn(changed, option.name)) continue;
    const term = element("dt", { "data-option": option.name });
    term.append(element("a", { href: ruleUrl(option, where) }, t(option.label)));
    const value = element("dd", { class: "rules-summary__value", "data-option": option.name },
      valueText(option, values[option.name]));
    if (Object.hasOwn(changed, option.name)) {
      value.append(" ", element("span", { class: "rules-summary__house" }, t("(house rule)")));
    }
    list.append(term, value);
    if (explain) list.append(element("dd", { class: "rules-summary__why" }, t(option.explanation)));
  }
  if (list.childElementCount) section.append(list);
  const table = deal ? dealTable(choice, data) : null;
  if (table) section.append(table);
  return section;
}
