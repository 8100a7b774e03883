// The scoreboard (every round's points, lowest total wins) and the panel a finished round or match shows in
// the dock, under its final table: who went out, each player's points this round and in total, and the one
// way on (Next round, or New game).
import { t } from "./strings.js";
import { outcomeText } from "./game-text.js";
import { isReader, playerName } from "./players.js";
import { element } from "./dom.js";

function row(cells, { header = null, className = null } = {}) {
  const tr = element("tr", { class: className });
  if (header !== null) tr.append(element("th", { scope: "row" }, header));
  for (const cell of cells) tr.append(cell instanceof Node ? cell : element("td", {}, String(cell)));
  return tr;
}

/** Every round's points by player, and the totals (the winners marked once the match is over). */
export function scoreTable(state) {
  const table = element("table", { class: "game-score-table" });
  table.append(element("caption", {}, t("Scores by round (lowest total wins)")));
  const head = element("tr");
  head.append(element("th", { scope: "col" }, t("Round")));
  for (let seat = 0; seat < state.players; seat += 1) head.append(element("th", { scope: "col" }, playerName(seat)));
  table.append(head);
  state.round_scores.forEach((scores, index) => table.append(row(scores, { header: String(index + 1) })));
  const totals = state.totals.map((value, seat) => element("td",
    { class: state.result?.winners.includes(seat) ? "is-winner" : null }, String(value)));
  table.append(row(totals, { header: t("Total"), className: "game-score-total" }));
  return table;
}

/** This round's points and the totals, one line per player: short enough for a phone's dock. */
function roundTable(state, scores) {
  const table = element("table", { class: "game-round-table" });
  const head = element("tr");
  for (const text of [t("Player"), t("This round"), t("Total")]) head.append(element("th", { scope: "col" }, text));
  table.append(head);
  for (let seat = 0; seat < state.players; seat += 1) {
    const winner = state.result?.winners.includes(seat);
    table.append(row([scores[seat], state.totals[seat]], { header: playerName(seat), className: winner ? "is-winner" : null }));
  }
  return table;
}

/**
 * The panel for a finished round or match, or null while a round is being played.
 * @param {object} state the worker's state
 * @param {{headingTag: string, nextRound: () => void, newGame: () => void, review?: HTMLElement|null}} actions
 */
export function resultPanel(state, actions) {
  const ro = state.round_over;
  if (!state.result && !ro) return null;
  const parts = [];
  const button = (text, className, onClick) => {
    const node = element("button", { type: "button", class: `md-button md-button--primary ${className}` }, text);
    node.addEventListener("click", onClick);
    return node;
  };
  const roundScores = state.round_scores[state.round_scores.length - 1] || [];
  if (state.result) {
    parts.push(element(actions.headingTag, { id: "game-panel-title" }, t("The match is over.")),
      element("p", { class: "game-outcome" }, outcomeText(state.result)), roundTable(state, roundScores),
      button(t("New game"), "game-again", actions.newGame));
  } else {
    const reason = ro.reason === "went-out"
      ? (isReader(ro.winner) ? t("You went out.") : t("{player} went out.", { player: playerName(ro.winner) }))
      : t("Nobody could play.");
    parts.push(element(actions.headingTag, { id: "game-panel-title" }, t("Round {round} is over.", { round: ro.round })),
      element("p", { class: "game-outcome" }, reason), roundTable(state, ro.scores),
      button(t("Next round"), "game-next-round", actions.nextRound));
  }
  if (actions.review) parts.push(actions.review); // the round review's offer (review.js)
  return parts;
}
