// One checked reader per kind of thing the apps keep or are given: a game save, the score keeper's store and
// each sheet in it, an imported record or score-sheet file, the tutorial's progress, the practice page's store
// and its progress file, and the shared rules link.
// Every app reads through here, so a field cannot be read loosely in one app and strictly in another.
//
// A reader checks the shape, the types and the limits, and reads own properties only (JSON.parse makes
// "__proto__" an own key, and a plain lookup would find Object.prototype's "constructor"): a name is looked
// up with Object.hasOwn, and what it keeps is copied into fresh objects of known fields. The engine stays
// the judge of what the rules allow (it checks every sheet, save and record again); these readers only make
// sure the page can show and list what it holds without failing.
//
// A reader answers {ok: true, value} or {ok: false, reason}, a reason being one of REASONS: what the page
// says about a thing it cannot read, and the name under which it keeps it aside (kept-aside.js).

export const REASONS = ["newer-version", "damaged", "too-large", "unknown-rules"];

// Sizes in characters. A whole double-18 match between eight players is about 100 kB and a 13-round,
// 14-player score sheet about 60 kB; the engine refuses a request over 2,000,000 (engine/jsonsafe.py), so a
// record or a save is checked here, where the page can still say "too large" for what it is.
export const LIMITS = { save: 1_000_000, record: 1_000_000, sheetFile: 1_000_000, scoreStore: 2_000_000,
  progress: 20_000, practice: 100_000 };

const SAVE = { format: "chickenfoot-save", version: 1 };
const RECORD_VERSION = 1; // domino-game-record, -state and -scenario (engine/records.py)
const SHEET_FILE = { format: "domino-score-sheet", version: 1 };
export const SCORE_STORE_VERSION = 1;
const MAX_NAME = 40; // engine/scoresheet.py; a longer name is the engine's to refuse, not a reason to hide a sheet
const MAX_ROUNDS = 1000;
const MAX_ID = 100;
const MAX_LESSONS = 200;

export const own = (object, key) => (object !== null && typeof object === "object" && Object.hasOwn(object, key)
  ? object[key] : undefined);

export const isRecordObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

const fail = (reason) => ({ ok: false, reason });
const pass = (value) => ({ ok: true, value });

/** JSON text within `limit` characters (a leading byte-order mark allowed), parsed. */
export function parseText(text, limit) {
  if (typeof text !== "string") return fail("damaged");
  if (text.length > limit) return fail("too-large");
  try {
    return pass(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  } catch {
    return fail("damaged"); // cut short, edited, NaN (not JSON)
  }
}

/** "newer-version" for a whole number above `known`, ok for `known`, "damaged" for anything else. */
export function versionCheck(version, known) {
  if (version === known) return pass(version);
  if (Number.isSafeInteger(version) && version > known) return fail("newer-version");
  return fail("damaged");
}

// --- files and saves the engine reads -----------------------------------------------------------------------

function formatted(text, limit, { format, version }) {
  const parsed = parseText(text, limit);
  if (!parsed.ok) return parsed;
  if (!isRecordObject(parsed.value)) return fail("damaged");
  if (format !== undefined && own(parsed.value, "format") !== format) return fail("damaged");
  const checked = versionCheck(own(parsed.value, "version"), version);
  return checked.ok ? pass(parsed.value) : checked;
}

/** A game save's text as the game keeps it; the engine's game_load then checks its moves. */
export function readGameSave(text) {
  return formatted(text, LIMITS.save, SAVE);
}

/** An imported game record's text: too large, not JSON or a newer version is told here; any other fault
 * (another kind of file, a changed move) is the engine's to name. */
export function readRecordFile(text) {
  const parsed = parseText(text, LIMITS.record);
  if (!parsed.ok) return parsed;
  const version = own(parsed.value, "version");
  if (Number.isSafeInteger(version) && version > RECORD_VERSION) return fail("newer-version");
  return pass(parsed.value);
}

/** An imported score-sheet file's text; the engine's scores_import then checks its hash and rounds. */
export function readSheetFile(text) {
  const parsed = parseText(text, LIMITS.sheetFile);
  if (!parsed.ok) return parsed;
  // another kind of file is the engine's to name ("not a score sheet"); only its version is told here
  if (isRecordObject(parsed.value) && own(parsed.value, "format") === SHEET_FILE.format) {
    const checked = versionCheck(own(parsed.value, "version"), SHEET_FILE.version);
    if (!checked.ok) return checked;
  }
  return pass(parsed.value);
}

// --- the score keeper's store -------------------------------------------------------------------------------

const isText = (value, most) => typeof value === "string" && value.length <= most;
const isDate = (value) => isText(value, 40) && !Number.isNaN(Date.parse(value));

/** A sheet as the store keeps it: rules this site knows, 2 to max_players names, a list of rounds. */
export function readSheet(sheet, rulesData) {
  if (!isRecordObject(sheet)) return fail("damaged");
  const rules = own(sheet, "rules");
  const players = own(sheet, "players");
  const rounds = own(sheet, "rounds") ?? [];
  if (!isRecordObject(rules) || !Array.isArray(players) || !Array.isArray(rounds)) return fail("damaged");
  if (players.length < 2 || players.length > rulesData.max_players || rounds.length > MAX_ROUNDS) return fail("damaged");
  if (!players.every((name) => isText(name, MAX_NAME * 4))) return fail("damaged");
  if (!rounds.every(isRecordObject)) return fail("damaged");
  const game = own(rules, "game");
  const ruleset = own(rules, "ruleset");
  const options = own(rules, "options") ?? {};
  if (typeof game !== "string" || typeof ruleset !== "string" || !isRecordObject(options)) return fail("damaged");
  const spec = own(rulesData.games, game);
  if (!spec || !Object.hasOwn(spec.rulesets, ruleset)) return fail("unknown-rules");
  const known = new Set(spec.options.map((option) => option.name));
  const values = Object.create(null);
  for (const [name, value] of Object.entries(options)) {
    if (!known.has(name)) return fail("unknown-rules");
    if (value !== null && typeof value === "object") return fail("damaged");
    values[name] = value;
  }
  return pass({ rules: { game, ruleset, options: { ...values } }, players: [...players], rounds: [...rounds] });
}

/** One saved game of the store: an id, when it was started and changed, its sheet. */
export function readScoreEntry(entry, rulesData) {
  if (!isRecordObject(entry)) return fail("damaged");
  const id = own(entry, "id");
  const created = own(entry, "created");
  const updated = own(entry, "updated");
  if (!isText(id, MAX_ID) || !id || !isDate(created) || !isDate(updated)) return fail("damaged");
  const sheet = readSheet(own(entry, "sheet"), rulesData);
  return sheet.ok ? pass({ id, created, updated, sheet: sheet.value }) : sheet;
}

/**
 * The score keeper's whole store. A store this page cannot read at all answers {ok: false, reason}; a
 * readable one answers its value ({version, games, current, large}) and `unreadable`, each saved game it
 * could not read, as {entry (as stored), reason}, to be kept aside rather than dropped.
 */
export function readScoreStore(text, rulesData) {
  const parsed = parseText(text, LIMITS.scoreStore);
  if (!parsed.ok) return parsed;
  const data = parsed.value;
  if (!isRecordObject(data)) return fail("damaged");
  const version = versionCheck(own(data, "version"), SCORE_STORE_VERSION);
  if (!version.ok) return version;
  const games = own(data, "games");
  if (!Array.isArray(games)) return fail("damaged");
  const read = new Map(); // by id: a second game with the same id is kept aside, not merged
  const unreadable = [];
  for (const entry of games) {
    const checked = readScoreEntry(entry, rulesData);
    if (checked.ok && !read.has(checked.value.id)) read.set(checked.value.id, checked.value);
    else unreadable.push({ entry, reason: checked.ok ? "damaged" : checked.reason });
  }
  const current = own(data, "current");
  return { ok: true, unreadable, value: { version: SCORE_STORE_VERSION, games: [...read.values()],
    current: typeof current === "string" && read.has(current) ? current : null, large: own(data, "large") === true } };
}

// --- the tutorial's progress ----------------------------------------------------------------------------------

/** Which lessons are done and which is open: lesson ids (short texts) only; anything else starts afresh. */
export function readProgress(text) {
  const fresh = { completed: [], current: null };
  const parsed = parseText(text, LIMITS.progress);
  if (!parsed.ok || !isRecordObject(parsed.value)) return fresh;
  const completed = own(parsed.value, "completed");
  const current = own(parsed.value, "current");
  return {
    completed: Array.isArray(completed) ? [...new Set(completed.filter((id) => isText(id, MAX_ID)))].slice(0, MAX_LESSONS) : [],
    current: isText(current, MAX_ID) ? current : null,
  };
}

// --- the practice page's progress -----------------------------------------------------------------------------

export const PRACTICE_STORE_VERSION = 1;
export const PRACTICE_FILE = { format: "chickenfoot-practice", version: 1 };
const THEME_ID = /^[a-z0-9][a-z0-9-]{0,59}$/; // never "__proto__" or "constructor"
const MAX_THEMES = 200;
const MAX_RECENT = 50;
const MAX_COUNT = 1_000_000;
const EARLIEST = Date.UTC(2020, 0, 1); // a time before the site existed is not one it wrote

const isCount = (value) => Number.isSafeInteger(value) && value >= 0 && value <= MAX_COUNT;

/** One theme's strength as practice-schedule.js keeps it: {strength 0..1, streak, seen, right, last (ms)}. */
export function readThemeStrength(entry) {
  if (!isRecordObject(entry)) return fail("damaged");
  const strength = own(entry, "strength");
  const last = own(entry, "last");
  const [streak, seen, right] = ["streak", "seen", "right"].map((name) => own(entry, name));
  if (typeof strength !== "number" || !(strength >= 0 && strength <= 1)) return fail("damaged");
  if (![streak, seen, right].every(isCount) || right > seen || streak > seen) return fail("damaged");
  if (!Number.isSafeInteger(last) || last < EARLIEST) return fail("damaged");
  return pass({ strength, streak, seen, right, last });
}

function practiceData(data) {
  const themes = own(data, "themes");
  const recent = own(data, "recent") ?? [];
  if (!isRecordObject(themes) || !Array.isArray(recent)) return fail("damaged");
  const entries = Object.entries(themes);
  if (entries.length > MAX_THEMES || recent.length > MAX_RECENT) return fail("damaged");
  const read = {};
  for (const [id, entry] of entries) {
    const checked = readThemeStrength(entry);
    if (!THEME_ID.test(id) || !checked.ok) return fail("damaged");
    read[id] = checked.value;
  }
  if (!recent.every((id) => isText(id, MAX_ID) && id)) return fail("damaged");
  return pass({ version: PRACTICE_STORE_VERSION, themes: read, recent: [...recent] });
}

/** The practice page's store: {version, themes: {theme id: strength}, recent: [puzzle id…]}. A theme this
 * version's puzzles do not have is kept as it is (a later puzzle set may have it again). */
export function readPracticeStore(text) {
  const parsed = parseText(text, LIMITS.practice);
  if (!parsed.ok) return parsed;
  if (!isRecordObject(parsed.value)) return fail("damaged");
  const version = versionCheck(own(parsed.value, "version"), PRACTICE_STORE_VERSION);
  return version.ok ? practiceData(parsed.value) : version;
}

/** An imported progress file ({format: "chickenfoot-practice", version, exported, themes, recent}); another
 * kind of file (a score sheet, a game record) is "not-progress", which the page names as such. */
export function readPracticeFile(text) {
  const parsed = parseText(text, LIMITS.practice);
  if (!parsed.ok) return parsed;
  if (!isRecordObject(parsed.value) || own(parsed.value, "format") !== PRACTICE_FILE.format) return fail("not-progress");
  const version = versionCheck(own(parsed.value, "version"), PRACTICE_FILE.version);
  return version.ok ? practiceData(parsed.value) : version;
}

// --- the shared rules link ------------------------------------------------------------------------------------

const LINK_NAMES = ["game", "rules"];
const LEVEL = "level"; // not a rule: who plays the computer seats (the play page and the embed frame)
const WHOLE_NUMBER = /^[1-9]\d{0,5}$/; // an explicit hand size or total; the engine checks what it means

function valueOf(option, text) {
  const named = option.values.find((entry) => String(entry.value) === text);
  if (named) return named.value;
  return option.integer && WHOLE_NUMBER.test(text) ? Number(text) : undefined;
}

function accepted(option) {
  return { values: option.values.map((entry) => String(entry.value)), integer: option.integer };
}

/**
 * The rules a link asks for (`?game=chicken-foot&rules=kelley&double_blank=25`), against rules.json. `others`
 * are the page's own parameter names (the embed frame's mode, lang, …), left to the page. Returns {choice:
 * {game, ruleset, options, level}, problems, given}: `options` holds only the values the link sets (the rule
 * set gives the rest); `level` is the computer players' level the link names, or null; each problem is
 * {name, value, kind: "value" | "unknown" | "twice", accepts?}; `given` says whether the link names any rule.
 * Names are looked up in Maps, so "__proto__" or "constructor" is an unknown name like any other.
 */
export function readRulesLink(search, data, { others = [] } = {}) {
  const params = new URLSearchParams(search);
  const games = new Map(Object.entries(data.games));
  const problems = [];
  const seen = new Set();
  for (const name of params.keys()) {
    if (seen.has(name)) problems.push({ name, value: params.getAll(name).join(", "), kind: "twice" });
    seen.add(name);
  }
  const twice = new Set(problems.map((problem) => problem.name));
  let game = games.keys().next().value;
  if (params.has("game") && !twice.has("game")) {
    const value = params.get("game");
    if (games.has(value)) game = value;
    else problems.push({ name: "game", value, kind: "value", accepts: { values: [...games.keys()], integer: false } });
  }
  const spec = games.get(game);
  const rulesets = new Map(Object.entries(spec.rulesets));
  let ruleset = spec.default_ruleset;
  if (params.has("rules") && !twice.has("rules")) {
    const value = params.get("rules");
    if (rulesets.has(value)) ruleset = value;
    else problems.push({ name: "rules", value, kind: "value", accepts: { values: [...rulesets.keys()], integer: false } });
  }
  let level = null;
  if (params.has(LEVEL) && !twice.has(LEVEL)) {
    const value = params.get(LEVEL);
    const levels = (data.levels || []).map((entry) => entry.name);
    if (levels.includes(value)) level = value;
    else problems.push({ name: LEVEL, value, kind: "value", accepts: { values: levels, integer: false } });
  }
  const options = new Map(spec.options.map((option) => [option.name, option]));
  const values = {};
  for (const [name, text] of params) {
    if (LINK_NAMES.includes(name) || name === LEVEL || others.includes(name) || twice.has(name)) continue;
    const option = options.get(name);
    if (!option) {
      problems.push({ name, value: text, kind: "unknown", game });
      continue;
    }
    const value = valueOf(option, text);
    if (value === undefined) problems.push({ name, value: text, kind: "value", accepts: accepted(option) });
    else values[name] = value;
  }
  const given = [...seen].some((name) => LINK_NAMES.includes(name) || options.has(name));
  return { choice: { game, ruleset, options: values, level }, problems, given };
}
