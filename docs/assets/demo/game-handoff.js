// Pass-and-play: the screen between two people's turns. The engine hides every hand while the device changes
// hands (the state's `handoff` names who is next; engine/bridge/game_session.py); this panel says whom to give
// the device to, and shows their tiles only once they confirm it is them (game_reveal). The person who just
// played may still take their move back from here, before the next person looks.
import { t } from "./strings.js";
import { playerName } from "./players.js";
import { element } from "./dom.js";

/**
 * The hand-over panel's contents, or null when no hand-over is due.
 * @param {object} state the game state
 * @param {{headingTag: string, reveal: () => void}} how
 */
export function handoffPanel(state, { headingTag, reveal }) {
  if (state.handoff === null || state.handoff === undefined) return null;
  const player = playerName(state.handoff);
  const heading = element(headingTag, { id: "game-panel-title" },
    t("Give the device to {player}", { player }));
  const help = element("p", {}, t("Only {player} should look at the screen now: the button shows their tiles.", { player }));
  const show = element("button", { type: "button", class: "md-button md-button--primary game-reveal" },
    t("I am {player}: show my tiles", { player }));
  show.addEventListener("click", reveal);
  return [heading, help, show];
}
