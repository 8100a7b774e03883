// The rooms page's table: whose turn, the table as the server drew it for this seat, the seat's own tiles
// (a tile that can be played is a button; with more than one end, its ends are offered), the other moves
// the server allows (draw, pass, end the turn), the players, the log, the quick phrases, and at the end of
// the match the result and the record to export (the play page imports it for a review).
import { t, tn } from "./strings.js";
import { button, element } from "./dom.js";
import { endName } from "./names.js";
import { outcomeText } from "./game-text.js";
import { setSeating } from "./players.js";
import { roundOverText, seatName } from "./rooms-text.js";

const OTHER_MOVES = { draw: "Draw", pass: "Pass", end: "End turn", catch: "Catch! They did not say “chicken little”" };

const keyOf = (pair) => `${Math.max(...pair)}-${Math.min(...pair)}`;

export class RoomTable {
  constructor(app) {
    this.app = app;
    this.chosen = null; // the tile whose ends are offered
    this.turn = element("p", { class: "rooms__turn", role: "status", "aria-live": "polite" });
    this.board = element("div", { class: "rooms__board", role: "region", "aria-label": t("The table"), tabindex: "0" });
    this.hand = element("div", { class: "rooms__hand", role: "group", "aria-label": t("Your hand") });
    this.choices = element("div", { class: "rooms__choices" });
    this.players = element("ol", { class: "rooms__players", "aria-label": t("Players") });
    this.result = element("div", { class: "rooms__result" });
    this.logList = element("ol", { class: "rooms__log", "aria-label": t("Moves") });
    this.node = element("div", { class: "rooms__table" });
    const logBox = element("section", { class: "rooms__log-box", "aria-labelledby": "rooms-log-title" });
    logBox.append(element("h3", { id: "rooms-log-title" }, t("Moves")), this.logList);
    this.node.append(this.turn, this.result, this.board, this.hand, this.choices, app.phraseButtons(), this.players,
      logBox, app.leaveButton());
  }

  boardWidth() {
    return this.board.clientWidth;
  }

  draw(view) {
    const app = this.app;
    const mine = view.legal_moves.length > 0;
    const turnSeat = view.table.turn;
    this.node.dataset.myTurn = String(mine);
    if (view.match_result) {
      // the game page's sentence for a match's end names "you" only when one person plays: rooms name everyone
      setSeating(view.seats.map((entry) => ({ ...entry, kind: "human", name: seatName(view.seats, view.seats.indexOf(entry)) })));
      this.turn.textContent = outcomeText(view.match_result);
    } else {
      this.turn.textContent = mine ? t("Your turn.")
        : t("{player} is playing…", { player: seatName(view.seats, turnSeat) });
    }
    if (view.board && view.board !== "same") { // "same": the table this seat was last sent is still right
      const picture = app.boardPicture(view.board);
      this.board.replaceChildren(picture);
    }
    this.drawResult(view);
    this.drawHand(view);
    this.drawPlayers(view);
    this.drawLog(app.log);
  }

  drawResult(view) {
    this.result.replaceChildren();
    const round = view.round_result;
    if (round && view.last?.round === round.round) { // the move that ended the round, until the next one
      this.result.append(element("p", { class: "rooms__round-over" }, roundOverText(round, view.seats)));
    }
    if (view.record) {
      const record = view.record;
      const save = button(t("Export the game record"), "rooms-export", () => {
        const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
        const link = element("a", { href: URL.createObjectURL(blob), download: `chickenfoot-${record.game}-${record.seed}.json` });
        document.body.append(link);
        link.click();
        link.remove();
      });
      const review = element("p", { class: "rooms__help" });
      review.append(t("The game page imports this file, to look at the game again."), " ",
        element("a", { href: this.app.sitePage("play") }, t("The game")));
      this.result.append(save, review);
    }
  }

  drawHand(view) {
    const plays = new Map(); // tile key -> [legal moves, as data]
    for (const move of view.legal || []) {
      if (move.kind !== "play") continue;
      const key = keyOf(move.tile);
      plays.set(key, [...(plays.get(key) || []), move]);
    }
    if (this.chosen && !plays.has(this.chosen)) this.chosen = null;
    const tiles = view.hand.map((pair) => {
      const key = keyOf(pair);
      const moves = plays.get(key);
      const node = element("button", { type: "button", class: "rooms__tile", "data-tile": key, disabled: !moves,
        "aria-pressed": String(this.chosen === key), "aria-label": this.app.tileLabel(pair) });
      node.append(this.app.tileChip(pair));
      if (moves) {
        node.addEventListener("click", () => {
          if (moves.length === 1) {
            this.app.play(moves[0].text);
            return;
          }
          this.chosen = this.chosen === key ? null : key;
          this.drawHand(view);
        });
      }
      return node;
    });
    this.hand.replaceChildren(...tiles);
    this.hand.dataset.count = String(view.hand.length);
    const choices = [];
    if (this.chosen) {
      for (const move of plays.get(this.chosen)) {
        choices.push(button(t("play {tile} on {end}", { tile: this.app.tileLabel(move.tile),
          end: endName(view.table.layout, move.end) }), "rooms-end", () => this.app.play(move.text), { "data-move": move.text }));
      }
    }
    for (const move of view.legal || []) {
      const label = OTHER_MOVES[move.kind];
      if (label) choices.push(button(t(label), "rooms-move", () => this.app.play(move.text), { "data-move": move.text }));
    }
    this.choices.replaceChildren(...choices);
  }

  drawPlayers(view) {
    const sizes = view.table.hand_sizes || [];
    const totals = view.table.totals || [];
    this.players.replaceChildren(...view.seats.map((entry, seat) => {
      const item = element("li", { class: "rooms__player", "data-seat": String(seat),
        "data-turn": String(view.table.turn === seat && !view.match_result) });
      const facts = [tn("{count} tile in hand", "{count} tiles in hand", sizes[seat] ?? 0),
        [t("Total"), totals[seat] ?? 0].join(" ")];
      if (entry.kind === "human" && entry.lost) facts.push(t("played by the computer"));
      else if (entry.kind === "human" && (!entry.taken || !entry.connected)) facts.push(t("away"));
      const name = seat === this.app.seat ? [seatName(view.seats, seat), t("(you)")].join(" ") : seatName(view.seats, seat);
      item.append(element("span", { class: "rooms__seat-name" }, name), element("span", {}, [""].concat(facts).join(" · ")));
      return item;
    }));
  }

  drawLog(log) {
    this.logList.replaceChildren(...log.map((entry) => element("li", { class: `rooms__log-${entry.kind}` }, entry.text)));
  }
}
