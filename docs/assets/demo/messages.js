// What the apps say about a move: why the rules refused it (the engine's sentence, sent with its answer) and
// why a tile just tapped cannot play (the page's own, said before the engine is asked).
import { sentence, t } from "./strings.js";
import { element } from "./dom.js";
import { tileName } from "./names.js";
import { said } from "./said.js";

/** The translated explanation of a refused move: the sentence the engine sent with it. */
export function refusalText(answer, layout) {
  return said(answer.say, layout) || t("That is not a move.");
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
  // the page's own sentences (the engine has not been asked); the second is also the engine's not-your-turn
  const text = button.closest("[data-turn]")?.dataset.turn === "mine"
    ? t("{tile} cannot be played on any open end now.", { tile: tileName(tile) }) : t("Wait: it is not your turn.");
  feedback.replaceChildren(element("p", { class: "demo-why" }, sentence(text)));
  root.dataset.feedback = "unplayable";
}
