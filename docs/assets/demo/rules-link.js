// The shared rules link: `?game=chicken-foot&rules=kelley&double_blank=25`. The house-rules page writes it;
// the play page, the score keeper and the embed frame read it here, so one link sets up the same rules in
// each. Parameter names and values are exactly those of `python -m engine rules`, from rules.json, which
// the site's build writes from the engine (scripts/sitebuild/rules_data.py). A value this page does not
// accept is never dropped or replaced silently: it comes back as a problem that names the parameter and
// what it accepts, for a notice in the reader's language (problemText). Whether a combination of valid
// values can be dealt is the engine's to say (the game refuses it through the worker; rules.json carries
// the deal table the engine computed). The link may also name the computer players' level (`level=strong`,
// from rules.json's levels) for the play page and the embed frame; the other pages leave it alone.
import { t } from "./strings.js";
// the link is read by its checked reader, with the apps' other stored and imported things
export { readRulesLink } from "./stored-readers.js";

let dataPromise = null;

/** The rules data (rules.json), fetched once per page. */
export function loadRulesData() {
  dataPromise ??= fetch(new URL("./rules.json", import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`rules.json: HTTP ${response.status}`);
    return response.json();
  });
  return dataPromise;
}

/** Every option's value under `choice`: the rule set's, then the link's. */
export function resolvedValues(choice, data) {
  return { ...data.games[choice.game].rulesets[choice.ruleset].values, ...choice.options };
}

/** The options of `choice` that differ from its rule set (what a link needs to carry). */
export function houseRules(choice, data) {
  const base = data.games[choice.game].rulesets[choice.ruleset].values;
  return Object.fromEntries(Object.entries(choice.options).filter(([name, value]) => base[name] !== value));
}

/** The link's query for `choice`: game, rules, then each house rule in the engine's option order. */
export function rulesQuery(choice, data) {
  const params = new URLSearchParams({ game: choice.game, rules: choice.ruleset });
  const changed = houseRules(choice, data);
  for (const option of data.games[choice.game].options) {
    if (Object.hasOwn(changed, option.name)) params.set(option.name, String(changed[option.name]));
  }
  return params.toString();
}

const SHOWN_VALUE = 40; // a long value is cut in the notice (it is only there to be recognised)

/** A problem of readRulesLink as one sentence in the reader's language. */
export function problemText(problem, data) {
  const value = problem.value.length > SHOWN_VALUE ? `${problem.value.slice(0, SHOWN_VALUE)}…` : problem.value;
  if (problem.kind === "twice") {
    return t("The link gives “{name}” more than once ({value}): give it once.", { name: problem.name, value });
  }
  if (problem.kind === "unknown") {
    return t("The link's “{name}” is not a rule of {game}, so it is left out.",
      { name: problem.name, game: t(data.games[problem.game].label) });
  }
  const accepts = [...problem.accepts.values];
  if (problem.accepts.integer) accepts.push(t("a whole number"));
  return t("The link's “{name}” cannot be “{value}”. It accepts: {accepted}.",
    { name: problem.name, value, accepted: accepts.join(", ") });
}

/** A notice element for each problem, marked with the parameter it names (data-parameter). */
export function problemNotices(problems, data, className) {
  return problems.map((problem) => {
    const line = document.createElement("p");
    line.className = className;
    line.setAttribute("role", "status");
    line.dataset.parameter = problem.name;
    line.textContent = problemText(problem, data);
    return line;
  });
}
