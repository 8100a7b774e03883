// What the round review says, in the reader's language: a decision's move in words, the question of "find it
// first", the replies to a try, the answer with its reason, the grades and the kinds of mistake. The engine
// sends codes and move texts (engine/review, bridge method review_round); every sentence is here.
import { sentence, t, tn } from "./strings.js";
import { endName, tileName } from "./names.js";
import { hintText } from "./game-text.js";
import { readBoot } from "./boot.js";

const N_ = (s) => s;

// What the reader did, as they would say it ("You played nine–four on the north arm.").
const DONE = {
  draw: N_("You drew from the boneyard."),
  pass: N_("You passed."),
  end: N_("You ended your turn."),
  catch: N_("You caught a player who did not say “chicken little”."),
};

/** `move`: a move as the engine sends it as data ({kind, tile, end, text}). */
export function playedText(move, layout) {
  if (move.kind === "play") {
    return sentence(t("You played {tile} on {end}.", { tile: tileName(move.tile), end: endName(layout, move.end) }));
  }
  return t(DONE[move.kind] || DONE.pass);
}

/** The question: what the reader played, and that a better move is to be found. */
export function questionText(decision) {
  const ask = t("There was a better move: find it."); // outside the template literal, where Babel cannot see it
  return `${playedText(decision.played_move, decision.view.layout)} ${ask}`;
}

// The reply to a try that is not the better move: the move the reader played at the table, or another one.
export function wrongTryText({ same, triesLeft }) {
  if (same) return triesLeft ? t("That is the move you played. Look for another one.") : t("That is the move you played.");
  return triesLeft ? t("Not this one. You have one more try.") : t("Not this one either.");
}

export function foundText(firstTry) {
  return firstTry ? t("Well found, at the first try: that is the better move.") : t("Well found: that is the better move.");
}

const BETTER = {
  draw: N_("The better move was to draw."),
  pass: N_("The better move was to pass."),
  end: N_("The better move was to end your turn."),
  catch: N_("The better move was to catch the player who did not say “chicken little”."),
};

/** The answer and why: "The better move: play nine–four on the north arm. <the reason, as hints give it>" */
export function answerText(decision) {
  const layout = decision.view.layout;
  const best = decision.best_move;
  const reason = decision.reason || {};
  // the reason as hints send it: its English sentence (a ui msgid) and its values
  const why = reason.template ? hintText({ move: "pass", template: reason.template, params: reason.params || {} }, layout) : "";
  const what = best.kind === "play"
    ? t("The better move: {tile} on {end}.", { tile: tileName(best.tile), end: endName(layout, best.end) })
    : t(BETTER[best.kind] || BETTER.pass);
  return [sentence(what), why].filter(Boolean).join(" ");
}

// The grades, by the engine's code; "too-close": the seeds did not agree which move is best.
export const GRADES = {
  fine: N_("Fine"),
  inaccuracy: N_("Inaccuracy"),
  mistake: N_("Mistake"),
  blunder: N_("Blunder"),
  "too-close": N_("Too close to call"),
};

export function gradeText(grade) {
  return t(GRADES[grade] || GRADES.fine);
}

/** A kind of mistake in words: the engine sends each kind's English label (a ui msgid) with the review. */
export function kindText(kind, labels = {}) {
  return t(labels[kind] || labels.other || kind);
}

/** Points as the reader's language writes them, to one decimal at most ("12,5" in Albanian). Browsers lack
 * number data for some of the site's languages: the decimal sign comes from the build, as for megabytes. */
export function pointsText(points, language) {
  const text = new Intl.NumberFormat("en", { maximumFractionDigits: 1, useGrouping: false }).format(Number(points) || 0);
  const { decimal } = readBoot(language);
  if (decimal) return text.replace(".", decimal);
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(Number(points) || 0);
}

// An imported record whose review summaries the engine left out (game_import's review_left_out): the game
// itself is imported; only the summaries are not.
const LEFT_OUT = {
  newer: N_("Its review summaries were made by a newer version of this site, so they are left out."),
  damaged: N_("Its review summaries are damaged, so they are left out."),
};

export function reviewLeftOutText(code) {
  const text = code === "review-newer" ? LEFT_OUT.newer : LEFT_OUT.damaged; // outside t(): not a msgid
  return t(text);
}

/** The reviews kept with the game, on the round's panel: how many rounds, and the points lost over the match. */
export function keptReviewsText(summary, language) {
  return tn("Reviews kept with this game: {count} round, {points} points lost over the match.",
    "Reviews kept with this game: {count} rounds, {points} points lost over the match.", summary.rounds.length,
    { count: summary.rounds.length, points: pointsText(summary.lost, language) });
}
