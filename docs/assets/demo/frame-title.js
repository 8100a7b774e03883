// The embed frame's title, which names the app and its game in the reader's language: the iframe's `title`
// in the Embed page's snippet (snippet.js) and the frame's own document title (embed-frame.js).
import { t } from "./strings.js";

const N_ = (s) => s;
const GAME_TITLES = { "chicken-foot": N_("Chicken Foot game"), "mexican-train": N_("Mexican Train game") };

/** "Chicken Foot tutorial" (the lessons cover both games), "Mexican Train game", "Chicken Foot game". */
export function frameTitle(mode, game) {
  if (mode === "tutorial") return t("Chicken Foot tutorial");
  const title = GAME_TITLES[game] || GAME_TITLES["chicken-foot"];
  return t(title);
}
