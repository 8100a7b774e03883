// The rooms page's table: whose turn, the table as the server drew it for this seat, the seat's own tiles
// (a tile that can be played is a button: a tile with one end plays at once; one with several is chosen, and
// its ends are then buttons on the table (rooms-ends.js) and below it), the other moves the server allows
// (draw, pass, end the turn), the players, the log, the quick phrases, and at the end of the match the
// result and the record to export (the play page imports it for a review).
import { sentence, t, tn } from "./strings.js";
import { button, downloadJson, element } from "./dom.js";
import { endName } from "./names.js";
import { outcomeText } from "./game-text.js";
import { chosenMove } from "./moves.js";
import { seatName } from "./rooms-text.js";
import { TableEnds } from "./rooms-ends.js";
import { declareScroller } from "./scroller.js";

const OTHER_MOVES = { draw: "Draw", pass: "Pass", end: "End turn", catch: "Catch! They did not say “chicken little”" };

const keyOf = (pair) => `${Math.max(...pair)}-${Math.min(...pair)}`;

export class RoomTable {
  constructor(app) {
    this.app = app;
    this.chosen = null; // the tile whose ends are offered
    this.turn = element("p", { class: "rooms__turn", role: "status", "aria-live": "polite" });
    this.board = element("div", { class: "rooms__board demo-table", role: "region", "aria-label": t("The table"), tabindex: "0" });
    this.ends = new TableEnds(this.board, (end) => this.playOn(end));
    this.littleBox = element("input", { type: "checkbox", id: "rooms-chicken-little" });
    this.littleRow = element("p", { class: "rooms__little", hidden: true });
    this.littleRow.append(this.littleBox, " ", element("label", { for: "rooms-chicken-little" },
      t("Say “chicken little” with this tile (you will have one left)")));
    this.hand = element("div", { class: "rooms__hand", role: "group", "aria-label": t("Your hand") });
    this.choices = element("div", { class: "rooms__choices" });
    this.players = element("ol", { class: "rooms__players", "aria-label": t("Players") });
    this.result = element("div", { class: "rooms__result" });
    // the list scrolls under its heading: focusable, so a keyboard scrolls it too, and it shows that more lies below
    this.logList = element("ol", { class: "rooms__log", "aria-labelledby": "rooms-log-title", tabindex: "0", reversed: true });
    this.node = element("div", { class: "rooms__table" });
    const logBox = element("section", { class: "rooms__log-box", "aria-labelledby": "rooms-log-title" });
    logBox.append(element("h3", { id: "rooms-log-title" }, t("Moves")), this.logList);
    declareScroller(this.logList, { axis: "y" });
    this.node.append(this.turn, this.result, this.board, this.hand, this.littleRow, this.choices, app.phraseButtons(), this.players,
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
      this.turn.textContent = outcomeText(view.match_result);
    } else {
      this.turn.textContent = mine ? t("Your turn.")
        : t("{player} is playing…", { player: seatName(view.seats, turnSeat) });
    }
    if (view.board && view.board !== "same") { // "same": the table this seat was last sent is still right
      const picture = app.boardPicture(view.board);
      this.board.replaceChildren(picture);
      this.ends.named(view.table.layout);
    }
    this.drawResult(view);
    this.drawHand(view);
    this.drawPlayers(view);
    this.drawLog(app.log.lines);
  }

  drawResult(view) {
    this.result.replaceChildren();
    const round = view.round_result;
    const ended = this.app.lastLine("hand_ended"); // the narrator's line for the round's end
    if (round && view.last?.round === round.round && ended) { // the move that ended the round, until the next one
      this.result.append(element("p", { class: "rooms__round-over" }, ended));
    }
    if (view.record) {
      const record = view.record;
      const save = button(t("Export the game record"), "rooms-export",
        () => downloadJson(JSON.stringify(record, null, 1), `chickenfoot-${record.game}-${record.seed}.json`));
      const review = element("p", { class: "rooms__help" });
      review.append(t("The game page imports this file, to look at the game again."), " ",
        element("a", { href: this.app.sitePage("play") }, t("The game")));
      this.result.append(save, review);
    }
  }

  drawHand(view) {
    this.view = view;
    const legal = view.legal || [];
    const announcing = legal.some((move) => move.announce);
    this.littleRow.hidden = !announcing;
    if (!announcing) this.littleBox.checked = false;
    const plays = new Map(); // tile key -> the ends it fits (a Set)
    for (const move of legal) {
      if (move.kind !== "play") continue;
      const key = keyOf(move.tile);
      plays.set(key, (plays.get(key) || new Set()).add(move.end));
    }
    this.plays = plays;
    if (this.chosen && !plays.has(this.chosen)) this.chosen = null;
    const tiles = view.hand.map((pair) => {
      const key = keyOf(pair);
      const ends = plays.get(key);
      const node = element("button", { type: "button", class: "rooms__tile", "data-tile": key, disabled: !ends,
        "aria-pressed": String(this.chosen === key), "aria-label": this.app.tileLabel(pair) });
      node.append(this.app.tileChip(pair));
      if (ends) {
        node.addEventListener("click", (event) => {
          if (ends.size === 1) {
            this.playMove(key, [...ends][0]);
            return;
          }
          this.chosen = this.chosen === key ? null : key;
          this.drawHand(view);
          // the keyboard goes on to the table's ends (Enter or Space: detail 0); a finger taps one
          const first = this.chosen && event.detail === 0 ? this.ends.firstFit() : null;
          (first || this.hand.querySelector(`[data-tile="${key}"]`))?.focus({ preventScroll: true });
        });
      }
      return node;
    });
    this.hand.replaceChildren(...tiles);
    this.hand.dataset.count = String(view.hand.length);
    this.ends.mark(view.table.layout, this.chosen, this.chosen ? plays.get(this.chosen) : null);
    this.board.dataset.chosen = this.chosen || "";
    const choices = [];
    if (this.chosen) {
      for (const end of plays.get(this.chosen)) {
        choices.push(button(sentence(t("play {tile} on {end}", { tile: this.app.tileLabel(this.chosen),
          end: endName(view.table.layout, end) })), "rooms-end", () => this.playOn(end), { "data-end": end }));
      }
    }
    for (const move of legal) {
      const label = OTHER_MOVES[move.kind];
      if (label) choices.push(button(t(label), "rooms-move", () => this.app.play(move.text), { "data-move": move.text }));
    }
    this.choices.replaceChildren(...choices);
  }

  /** The legal move's text for the chosen tile on `end`, said with "chicken little" if the box is ticked. */
  moveText(key, end) {
    const legal = this.view.legal || [];
    const tile = legal.find((move) => move.kind === "play" && keyOf(move.tile) === key)?.tile;
    if (!tile) return null;
    const choice = { tile: `${tile[0]}-${tile[1]}`, end };
    const text = chosenMove(legal, choice, this.littleBox.checked && !this.littleRow.hidden);
    return typeof text === "string" ? text : chosenMove(legal, choice, !this.littleBox.checked);
  }

  playMove(key, end) {
    const text = this.moveText(key, end);
    if (typeof text === "string") this.app.play(text); // only ever one of the moves the server sent
  }

  /** An end on the table was chosen for the chosen tile. */
  playOn(end) {
    if (this.chosen && this.plays?.get(this.chosen)?.has(end)) this.playMove(this.chosen, end);
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
    // newest first (a reversed list: the newest has the highest number): on a phone the latest moves are in sight
    this.logList.replaceChildren(...log.map((entry) => element("li", { class: `rooms__log-${entry.kind}`,
      "data-event": entry.i ?? null }, entry.text)).reverse());
  }
}
