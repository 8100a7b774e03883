// What the game page says, in the reader's language, beyond the engine's own sentences (said.js): the games'
// and rule sets' names, a hint (the move in words, then the engine's reason), why a save or record was
// refused, and who won. Every sentence that has a subject comes in two forms, "you" and another player,
// because verbs agree with their subject in Albanian and Sundanese.
import { t } from "./strings.js";
import { endName, tileName } from "./names.js";
import { gameWords, loadErrorWords } from "./boot.js";
import { tileKey } from "./moves.js";
import { isReader, playerName } from "./players.js";
import { said } from "./said.js";

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
  // the engine's sentence for its reason (engine/bridge/hint_reasons.py), its values put in words
  const why = said({ text: hint.template, params: hint.params }, layout);
  if (move?.kind !== "play") return why; // draw, pass, end turn, catch: the reason already says what to do
  const what = t("Play {tile} on {end}.", { tile: tileName(tileKey(move.tile)), end: endName(layout, move.end) });
  return `${what} ${why}`;
}

/** Why a saved game or an imported record was refused: the sentence the engine sent with its refusal
 * (`say`), else, for a reason the page's own reader gave, the same table from the boot data
 * (engine/bridge/sentences.py LOAD_ERRORS); a code neither knows is said, not left silent. */
export function loadErrorText(code, say = null) {
  if (say) return said(say);
  const { known, unknown } = loadErrorWords();
  return t(Object.hasOwn(known, code) ? known[code] : unknown);
}

export function outcomeText(result) {
  const winners = result.winners;
  let who;
  if (winners.length === 1) {
    who = isReader(winners[0]) ? t("You win the match!")
      : t("{player} wins the match.", { player: playerName(winners[0]) });
  } else {
    who = t("The match is shared by {players}.", { players: winners.map(playerName).join(", ") });
  }
  return `${who} ${said(result.say)}`;
}
