// What the game page says, in the reader's language: player names, the move log (one sentence per engine
// event), hint reasons, why a save or record was refused, and how a match was decided. Every sentence that
// has a subject comes in two forms, "you" and another player, because verbs agree with their subject in
// Albanian and Sundanese.
import { sentence, t } from "./strings.js";
import { endName, numberName, tileName } from "./names.js";
import { gameWords } from "./boot.js";
import { tileKey } from "./moves.js";

const N_ = (s) => s;

// Who sits where (the state's `seats`): with one person, they are "you" and the others "Computer 2"…; with
// several people on one device (pass-and-play) nobody is "you" (the log and the scores are everyone's), and
// each person has their name, or "Player 3".
let seating = null;

/** The game's seats, from its state; call before drawing anything that names a player. */
export function setSeating(seats) {
  seating = Array.isArray(seats) ? seats : null;
}

function people() {
  return seating ? seating.filter((seat) => seat.kind === "human").length : 1;
}

/** Whether `seat` is the reader, the one "you" of a game against the computer. */
export function isReader(seat) {
  return people() === 1 && seat === (seating ? seating.findIndex((entry) => entry.kind === "human") : 0);
}

export function playerName(seat) {
  if (isReader(seat)) return t("You");
  const entry = seating?.[seat];
  if (entry?.kind === "human") return entry.name || t("Player {number}", { number: seat + 1 });
  return t("Computer {number}", { number: seat });
}

// The games' and rule sets' words are the build's (scripts/sitebuild/option_text.py, in the boot data).
export function gameName(game) {
  return t(gameWords()[game]?.label || game);
}

/** A rule set's name and one-line explanation, as msgids: [name, line]. */
export function ruleSetText(game, ruleset) {
  return gameWords()[game]?.rulesets[ruleset] || [ruleset, ""];
}


/** The hint's sentence: the move in words (`move`: the legal move the hint names), then why. */
export function hintText(hint, move, layout) {
  const [tile, end] = move?.kind === "play" ? [tileKey(move.tile), move.end] : [null, null];
  const params = hint.params || {};
  // the engine's sentence for its reason (engine/bridge/hint_reasons.py), its values put in words
  const why = sentence(t(hint.template, { ...params,
    tile: params.tile ? tileName(params.tile) : "",
    kept: params.kept ? tileName(params.kept) : "",
    number: params.number !== undefined ? numberName(params.number) : "",
    player: params.player !== undefined ? playerName(params.player) : "",
  }));
  if (!tile) return why; // draw, pass, end turn, catch: the reason already says what to do
  const what = t("Play {tile} on {end}.", { tile: tileName(tile), end: endName(layout, end) });
  return `${what} ${why}`;
}

// Why a saved game or an imported record was refused: one sentence for each code the engine's game_load and
// game_import answer (LOAD_ERROR_CODES in engine/bridge/game_methods.py) and for each reason the page's own
// reader gives (stored-readers.js REASONS); tests/browser/test_stored_data.py asks this table for each.
const UNREADABLE = N_("It is damaged: it is not readable data.");
const LOAD_ERRORS = {
  "wrong-format": N_("It is not a game saved by this site."),
  "not-json": UNREADABLE,
  "not-an-object": UNREADABLE,
  "too-deep": UNREADABLE,
  "bad-version": UNREADABLE, // not a whole number from 1
  "game-mismatch": UNREADABLE, // its game is not its rules' game
  damaged: UNREADABLE,
  "too-large": N_("It is far too large to be a game from this site."),
  "number-too-large": N_("A number in it is too large for this game."),
  "newer-version": N_("It was made by a newer version of this site, which this one cannot read."),
  tampered: N_("It was changed or damaged after it was saved."),
  "illegal-move": N_("One of its moves breaks the rules."),
  "result-mismatch": N_("Its result does not match its moves."),
  "bad-record": N_("It is incomplete."),
  "bad-rules": N_("Its rules are not ones this game knows."),
  "bad-seed": N_("Its deal number is not one this game can deal from."),
  "bad-start": N_("The round it starts in does not fit its scores."),
  "outside-limits": N_("It was played with settings this page does not offer."),
};
// For a code this page does not know yet (a newer engine): said rather than left silent.
const UNKNOWN_LOAD_ERROR = N_("It could not be read.");

export function loadErrorText(code) {
  return t(Object.hasOwn(LOAD_ERRORS, code) ? LOAD_ERRORS[code] : UNKNOWN_LOAD_ERROR);
}

export const DECIDED_BY = {
  total: N_("Lowest total wins."),
  "zero-rounds": N_("Equal totals: the tie goes to the player with the most zero-point rounds."),
  "lowest-round": N_("Equal totals and zero-point rounds: the tie goes to the lowest non-zero round score."),
  shared: N_("Equal totals: the win is shared."),
};

export function outcomeText(result) {
  const winners = result.winners;
  let who;
  if (winners.length === 1) {
    who = isReader(winners[0]) ? t("You win the match!")
      : t("{player} wins the match.", { player: playerName(winners[0]) });
  } else {
    who = t("The match is shared by {players}.", { players: winners.map(playerName).join(", ") });
  }
  return `${who} ${t(DECIDED_BY[result.decided_by] || DECIDED_BY.total)}`;
}

/**
 * One sentence for a log event, or null for events not worth a line. `layout` names ends; it is the current
 * table, so ends are only named for events of the current round.
 */
export function logText(event, { layout, game, currentRound }) {
  const mine = isReader(event.seat);
  const player = event.seat === null || event.seat === undefined ? "" : playerName(event.seat);
  const tile = event.tile ? tileName(event.tile) : "";
  const here = event.round === currentRound;
  switch (event.kind) {
    case "hand_started":
      return t("Round {round} begins with the double {number}.",
        { round: event.round + 1, number: numberName(event.double) });
    case "opened":
      if (event.seat === null) return t("The double {number} is placed in the centre.", { number: numberName(event.tile[0]) });
      return mine ? t("You place the double {number} in the centre.", { number: numberName(event.tile[0]) })
        : t("{player} places the double {number} in the centre.", { player, number: numberName(event.tile[0]) });
    case "drew_for_first":
      return mine ? t("You draw {tile} for first play.", { tile })
        : t("{player} draws {tile} for first play.", { player, tile });
    case "drew":
      if (mine && event.tile) return t("You draw {tile}.", { tile });
      return t("{player} draws a tile.", { player });
    case "tile_played": {
      if (!here) return mine ? t("You play {tile}.", { tile }) : t("{player} plays {tile}.", { player, tile });
      const end = endName(layout, event.end);
      return mine ? t("You play {tile} on {end}.", { tile, end })
        : t("{player} plays {tile} on {end}.", { player, tile, end });
    }
    case "double_announced":
      if (game === "chicken-foot") {
        return t("“Chicken foot!” The double {number} needs three tiles before play goes on elsewhere.",
          { number: numberName(event.number) });
      }
      return t("A double: another tile must follow it.");
    case "foot_completed":
      return event.root ? t("Every arm of the starting double has a tile: play goes on anywhere.")
        : t("The chicken foot on the double {number} is complete: every end is open again.",
          { number: numberName(event.number) });
    case "foot_unfinishable":
      return t("This foot can never be finished: too few tiles of its number are left.");
    case "passed":
      return mine ? t("You pass.") : t("{player} passes.", { player });
    case "turn_lost":
      return mine ? t("You lose this turn.") : t("{player} loses this turn.", { player });
    case "train_marked":
      return mine ? t("You put a marker on your train.") : t("{player} puts a marker on their train.", { player });
    case "marker_removed":
      return mine ? t("You take the marker off your train.") : t("{player} takes the marker off their train.", { player });
    case "chicken_little":
      return mine ? t("You say “chicken little”: one tile left.")
        : t("{player} says “chicken little”: one tile left.", { player });
    case "caught":
      return t("{player} catches {victim}, who did not say “chicken little”.",
        { player, victim: playerName(event.victim) });
    case "turn_ended":
      return game === "mexican-train" ? (mine ? t("You end your turn.") : t("{player} ends their turn.", { player })) : null;
    case "hand_ended":
      if (event.reason === "went-out") {
        return mine ? t("You go out: round {round} is over.", { round: event.round + 1 })
          : t("{player} goes out: round {round} is over.", { player, round: event.round + 1 });
      }
      return t("Nobody can play: round {round} is over.", { round: event.round + 1 });
    default:
      return null;
  }
}
