// What the tutorial says about moves: why the rules refused one (by the engine's error code) and what just
// happened (by the engine's event kind). Tiles and ends are named in the reader's language.
import { sentence, t } from "./strings.js";
import { element } from "./dom.js";
import { endName, numberName, tileName } from "./names.js";

const N_ = (s) => s;

// One explanation per engine error code (engine/errors.py); tests/browser/test_code_sentences.py checks none is missing.
export const REFUSALS = {
  "hand-over": N_("The round is over: no more moves."),
  "unknown-move": N_("That is not a move."),
  "not-your-turn": N_("Wait: it is not your turn."),
  "tile-not-in-set": N_("{tile} is not in this set."),
  "tile-not-in-hand": N_("{tile} is not in your hand."),
  "unknown-end": N_("There is no open end there."),
  "end-closed": N_("{end} is closed: a double waits for its toes, and nothing follows it in its own line."),
  "end-does-not-match": N_("{tile} does not match {end}, which shows {number}. A tile joins an end with the same number."),
  "arms-not-filled": N_("Every arm of the starting double needs one tile before any arm takes a second."),
  "foot-not-finished": N_("The chicken foot on the double {number} needs its three toes before anything is played elsewhere."),
  "must-play": N_("You have a tile that plays: play it. You draw or pass only when you cannot play."),
  "boneyard-empty": N_("The boneyard is empty: you cannot draw."),
  "already-drew": N_("You have drawn your one tile this turn. If it does not play, pass."),
  "must-draw": N_("You cannot play, so draw one tile from the boneyard before you pass."),
  "announce-not-needed": N_("Only a play that leaves you one tile is announced."),
  "catch-not-available": N_("Nobody can be caught now."),
  "train-not-yours": N_("{end} belongs to another player and has no marker: it is closed to you."),
  "mexican-train-not-yet": N_("The Mexican train opens to you from your second turn."),
  "must-satisfy-double": N_("The open double on {end} must be satisfied first."),
  "first-turn-own-train": N_("On your first turn you may only build your own train."),
  "cannot-end-turn": N_("End turn is for a first turn after you have laid at least one tile."),
  "must-play-drawn-tile": N_("The tile you drew plays: play it."),
  "must-follow-double": N_("After a double you must lay another tile."),
  "wrong-game": N_("That move does not exist in this game."),
};

/** The translated explanation of a refused move. */
export function refusalText(answer, layout) {
  const params = answer.message_params || {};
  const template = REFUSALS[answer.code] || REFUSALS["unknown-move"];
  return sentence(t(template, {
    tile: params.tile ? tileName(params.tile) : "",
    end: params.end ? endName(layout, params.end) : "",
    number: params.number !== undefined ? numberName(Number(params.number)) : "",
  }));
}

/**
 * Why a tile just tapped cannot be played, said at once (the ends all stay grey, which alone says nothing):
 * not the reader's turn, or no open end takes it now. Written into `feedback` (an alert region) and marked
 * data-feedback="unplayable" on `root`; a later tap on a playable tile clears it.
 */
export function sayUnplayable(root, feedback, tile) {
  const button = tile && root.querySelector(`.demo-tile[data-tile="${tile}"]`);
  const unplayable = Boolean(button) && !button.classList.contains("is-playable");
  if (!unplayable) {
    if (root.dataset.feedback === "unplayable") {
      feedback.replaceChildren();
      delete root.dataset.feedback;
    }
    return;
  }
  const waiting = REFUSALS["not-your-turn"];
  const text = button.closest("[data-turn]")?.dataset.turn === "mine"
    ? t("{tile} cannot be played on any open end now.", { tile: tileName(tile) }) : t(waiting);
  feedback.replaceChildren(element("p", { class: "demo-why" }, sentence(text)));
  root.dataset.feedback = "unplayable";
}

/** One sentence per event, for the aria-live region; null for events not worth announcing. */
export function eventText(event, layout, game) {
  const said = eventWords(event, layout, game);
  return said === null ? null : sentence(said);
}

function eventWords(event, layout, game) {
  const mine = event.seat === 0;
  const tile = event.tile ? tileName(event.tile) : "";
  const end = event.end ? endName(layout, event.end) : "";
  switch (event.kind) {
    case "tile_played":
      return mine ? t("You played {tile} on {end}.", { tile, end })
        : t("Your opponent played {tile} on {end}.", { tile, end });
    case "drew":
      return mine ? t("You drew {tile}.", { tile }) : t("Your opponent drew a tile.");
    case "passed":
      return mine ? t("You passed.") : t("Your opponent passed.");
    case "double_announced":
      return game === "chicken-foot"
        ? t("Chicken foot on the double {number}: three toes come first.", { number: numberName(event.number) })
        : t("A double: another tile must follow.");
    case "foot_completed": // the starting double's four arms are not a chicken foot to a beginner
      return event.root ? t("Every arm of the starting double has a tile: play goes on anywhere.")
        : t("The foot is complete: every end is open again.");
    case "foot_unfinishable":
      return t("This foot can never be finished: too few tiles of its number are left.");
    case "train_marked":
      return mine ? t("You put a marker on your train.") : t("Your opponent put a marker on their train.");
    case "marker_removed":
      return t("The marker on {end} is removed.", { end });
    case "turn_ended": // only Mexican Train's many-tile first turn is ended on purpose
      if (game !== "mexican-train") return null;
      return mine ? t("You ended your turn.") : t("Your opponent ended their turn.");
    case "hand_ended":
      return t("The round is over. Your points: {mine}. Your opponent's points: {theirs}.",
        { mine: event.scores[0], theirs: event.scores[1] });
    default:
      return null;
  }
}
