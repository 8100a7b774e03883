// What the score keeper says, in the reader's language: why the engine refused a round, a sheet or a file
// (engine/scoresheet.py's codes, with the round and seat they name), and who leads or won.
import { Nn_, t } from "./strings.js";
import { said } from "./said.js";

const N_ = (s) => s;

// A problem with one hand of a round (scores_round's problems, scores_sheet's refusals).
const HAND_PROBLEMS = {
  "negative-pips": N_("Pips cannot be negative."),
  "not-a-number": N_("Write the pips as a whole number, such as 12."),
  "too-many-pips": N_("That is more than all the tiles of the set hold. Most possible: {most}."),
  "bad-tile": N_("{tile} is not a tile."),
  "tile-not-in-set": N_("{tile} is not a tile of this set."),
  "starting-double": N_("{tile} is the round's starting double: it is on the table, not in a hand."),
  "tile-twice": N_("{tile} is already in the hand of {player}."),
  "out-has-tiles": N_("A player who went out has no tiles left."),
};

const DAMAGED_SHEET = N_("This score sheet is damaged: it cannot be read.");
const TOO_LARGE_SHEET = N_("This score sheet is far too large to be one from this site.");
const NEWER_SHEET = N_("This score sheet was made by a newer version of this site, which this one cannot read.");
const DAMAGED_ROUND = N_("Round {round} of this score sheet is damaged: it cannot be read.");

// A problem with the round as a whole, or with the sheet.
const SHEET_PROBLEMS = {
  "round-too-big": N_("The hands add up to more than the set holds. Total: {total}; most possible: {most}. Check the pips."),
  "after-the-end": N_("The match ended after round {last}: this change would leave rounds after its end."),
  "round-incomplete": N_("Enter every player's pips, or mark who went out."),
  "name-missing": N_("Every player needs a name."),
  "same-name": N_("Two players have the same name: add an initial."),
  "name-too-long": Nn_("A name may have at most {most} character.", "A name may have at most {most} characters.", "most"),
  "bad-players": Nn_("A score sheet has from 2 to {most} player.", "A score sheet has from 2 to {most} players.", "most"),
  "too-many-tiles": N_("The set does not have enough tiles to deal these rules to this many players."),
  "deal-not-covered": N_("The deal of these rules gives no number of tiles for this many players. Choose other rules, or a number of tiles on the page “Your table's rules”."),
  "players-out-of-range": N_("This game cannot be played by this many players."),
  // a kept sheet the engine cannot read (engine/readers.py read_sheet, engine/scoresheet.py Sheet.from_dict)
  "damaged-round": DAMAGED_ROUND, // a kept round of the wrong shape
  "bad-round": DAMAGED_ROUND, // a round going out on a double with nobody out
  "bad-sheet": DAMAGED_SHEET,
  "not-a-sheet": DAMAGED_SHEET, // a kept sheet naming another format
  "bad-version": DAMAGED_SHEET,
  "not-json": DAMAGED_SHEET,
  "too-deep": DAMAGED_SHEET,
  "number-too-large": DAMAGED_SHEET,
  "bad-rules": N_("Its rules are not ones this score keeper knows."),
  "too-large": TOO_LARGE_SHEET,
  "newer-version": NEWER_SHEET,
};

// Why an imported file was refused (engine/scoresheet.py import_sheet, and the page's own reader's reasons,
// stored-readers.js readSheetFile); a damaged round is named by SHEET_PROBLEMS, with its number.
const NOT_READABLE_FILE = N_("This file is damaged: it is not readable data.");
const FILE_PROBLEMS = {
  "not-a-sheet": N_("This file is not a score sheet from this site."),
  "not-json": NOT_READABLE_FILE,
  "too-deep": NOT_READABLE_FILE,
  "number-too-large": NOT_READABLE_FILE,
  damaged: NOT_READABLE_FILE,
  tampered: N_("This score sheet was changed after it was exported, so it cannot be trusted."),
  "too-large": TOO_LARGE_SHEET,
  "newer-version": NEWER_SHEET,
  "bad-version": DAMAGED_SHEET,
  "bad-sheet": DAMAGED_SHEET,
  "bad-rules": N_("Its rules are not ones this score keeper knows."),
};

// For a code this page does not know yet (a newer engine): said rather than left silent, and not a guess.
const CANNOT_BE_SCORED = N_("This score sheet cannot be scored as it is.");

/** A hand's problem, next to that player's entry. `names` turns a 1-based seat into a name. */
export function handProblemText(problem, names) {
  const params = problem.params || problem;
  const other = params.other ? names[params.other - 1] : "";
  if (HAND_PROBLEMS[problem.code]) return t(HAND_PROBLEMS[problem.code], { ...params, player: other });
  return sheetProblemText(problem, names);
}

/** A refusal of a round or a sheet: the round and player it names, then why. */
export function sheetProblemText(problem, names) {
  const params = problem.params || problem;
  if (HAND_PROBLEMS[problem.code]) {
    const why = handProblemText(problem, names);
    if (!params.seat) return why;
    return t("Round {round}, {player}: {why}", { round: params.round, player: names[params.seat - 1], why });
  }
  return t(Object.hasOwn(SHEET_PROBLEMS, problem.code) ? SHEET_PROBLEMS[problem.code] : CANNOT_BE_SCORED, params);
}

const FILE_CANNOT_BE_SCORED = N_("This score sheet cannot be scored: one of its rounds is not possible.");

const ROUND_CODES = new Set(["round-too-big", "after-the-end", "round-incomplete", ...Object.keys(HAND_PROBLEMS)]);

/** Why a file was refused: its kind or version, else what is wrong in the sheet it holds. */
export function fileProblemText(code, params = {}) {
  if (Object.hasOwn(FILE_PROBLEMS, code)) return t(FILE_PROBLEMS[code]);
  if (ROUND_CODES.has(code)) return t(FILE_CANNOT_BE_SCORED);
  return t(Object.hasOwn(SHEET_PROBLEMS, code) ? SHEET_PROBLEMS[code] : CANNOT_BE_SCORED, params);
}

/** "Ana wins. Lowest total wins." or "Ana leads." */
export function standingText(score, names) {
  if (!score.leaders.length) return "";
  const who = score.leaders.map((seat) => names[seat]).join(", ");
  if (!score.over) {
    return score.leaders.length === 1 ? t("{player} leads.", { player: who }) : t("Level in the lead: {players}.", { players: who });
  }
  const won = score.winners.length === 1 ? t("{player} wins the match.", { player: who })
    : t("The match is shared by {players}.", { players: who });
  return `${won} ${said(score.decided_by_say)}`;
}

// "2026-12-01 10:16", local time: browsers have no date words for Haitian Creole or Sundanese, and would
// fall back to English month names
export function formatDate(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
