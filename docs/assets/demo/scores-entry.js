// One round of the score keeper being entered (or a past round being edited): for each player, the pips left
// in hand, typed, or counted by tapping the tiles left (the engine counts them, the double-blank at its rule
// value), who went out, and whether on a double where the rules charge for it. Every change asks the
// engine (scores_round) for the counts and the problems, shown beside the player they concern; nothing is
// counted or checked here.
import { t } from "./strings.js";
import { element } from "./dom.js";
import { tileName } from "./names.js";
import { handProblemText } from "./scores-text.js";

function tilesOfSet(highest) {
  const tiles = [];
  for (let high = highest; high >= 0; high -= 1) {
    for (let low = high; low >= 0; low -= 1) tiles.push(`${high}-${low}`);
  }
  return tiles;
}

function blankHand(value) {
  if (Array.isArray(value)) return { text: "", tiles: value.map((tile) => (Array.isArray(tile) ? tile.join("-") : String(tile))) };
  return { text: value === null || value === undefined ? "" : String(value), tiles: null };
}

export class RoundEntry {
  /**
   * @param {object} options engine; sheet (as stored); score (the engine's score of it); index (the round,
   *   0-based); entry (the round being edited, or null for a new one); names; penalty (Kelley's, or 0);
   *   onSave(entry) → Promise<string|null> (a problem to show, or null when saved); onCancel (editing only)
   */
  constructor(options) {
    Object.assign(this, options);
    const given = this.entry || { hands: this.names.map(() => null), out: null, on_double: false };
    this.hands = given.hands.map(blankHand);
    this.out = given.out ?? null;
    this.onDouble = Boolean(given.on_double);
    this.openSeat = null;
    this.answer = null;
    this.asked = 0;
    this.build();
    this.refresh();
  }

  entryData() {
    return { hands: this.hands.map((hand) => (hand.tiles ? [...hand.tiles] : hand.text)), out: this.out,
      on_double: this.out !== null && this.onDouble };
  }

  // --- building -------------------------------------------------------------------------------------------

  build() {
    const round = this.index + 1;
    this.node = element("section", { class: "scores-entry", "aria-labelledby": "scores-entry-title",
      "data-round": String(round) });
    this.title = element("h3", { id: "scores-entry-title", class: "scores-entry__title" });
    this.rows = this.names.map((name, seat) => this.handRow(name, seat));
    this.problem = element("p", { class: "scores-entry__problem", role: "alert" });
    const save = element("button", { type: "button", class: "md-button md-button--primary scores-save" },
      this.entry ? t("Save the changes") : t("Save the round"));
    save.addEventListener("click", () => this.save(save));
    const buttons = element("div", { class: "scores-buttons" });
    buttons.append(save);
    if (this.entry) {
      const cancel = element("button", { type: "button", class: "md-button scores-cancel" }, t("Cancel"));
      cancel.addEventListener("click", () => this.onCancel());
      buttons.append(cancel);
    }
    this.node.append(this.title, ...this.rows.map((row) => row.node), this.problem, buttons);
  }

  handRow(name, seat) {
    const row = { node: element("div", { class: "scores-hand", "data-seat": String(seat) }) };
    const inputId = `scores-pips-${seat}`;
    row.name = element("label", { for: inputId, class: "scores-hand__name" }, name);
    row.out = element("button", { type: "button", class: "md-button scores-out", "aria-pressed": "false" },
      t("Went out"));
    row.out.addEventListener("click", () => this.toggleOut(seat));
    row.input = element("input", { id: inputId, type: "text", inputmode: "numeric", autocomplete: "off",
      class: "scores-pips", "aria-describedby": `scores-hand-note-${seat}` });
    row.input.addEventListener("input", () => {
      this.hands[seat] = { text: row.input.value, tiles: null };
      if (this.out === seat && row.input.value.trim() !== "0") this.out = null;
      this.refresh();
    });
    row.count = element("button", { type: "button", class: "md-button scores-count", "aria-expanded": "false",
      "aria-controls": `scores-picker-${seat}` }, t("Tap the tiles"));
    row.count.addEventListener("click", () => this.togglePicker(seat));
    row.note = element("p", { id: `scores-hand-note-${seat}`, class: "scores-hand__note", "aria-live": "polite" });
    row.double = element("label", { class: "scores-hand__double", hidden: true });
    row.doubleBox = element("input", { type: "checkbox", class: "scores-on-double" });
    row.doubleBox.addEventListener("change", () => { this.onDouble = row.doubleBox.checked; this.refresh(); });
    const onDouble = t("The last tile was a double");
    row.double.append(row.doubleBox, document.createTextNode(` ${onDouble}`));
    row.picker = element("div", { id: `scores-picker-${seat}`, class: "scores-picker", hidden: true,
      role: "group", "aria-label": t("Tiles left in the hand of {player}", { player: name }) });
    const controls = element("div", { class: "scores-hand__controls" });
    controls.append(row.out, row.count);
    row.node.append(row.name, row.input, controls, row.double, row.note, row.picker);
    return row;
  }

  // --- actions --------------------------------------------------------------------------------------------

  toggleOut(seat) {
    if (this.out === seat) {
      this.out = null;
      this.hands[seat] = { text: "", tiles: null };
    } else {
      if (this.out !== null && this.hands[this.out].text === "0") this.hands[this.out] = { text: "", tiles: null };
      this.out = seat;
      this.hands[seat] = { text: "0", tiles: null };
      if (this.openSeat === seat) this.openSeat = null;
    }
    this.onDouble = false;
    this.refresh();
  }

  togglePicker(seat) {
    this.openSeat = this.openSeat === seat ? null : seat;
    if (this.openSeat === seat && !this.hands[seat].tiles) {
      this.hands[seat] = { text: "", tiles: [] };
      if (this.out === seat) this.out = null;
    }
    this.refresh();
  }

  toggleTile(seat, tile) {
    const tiles = this.hands[seat].tiles || [];
    this.hands[seat] = { text: "", tiles: tiles.includes(tile) ? tiles.filter((x) => x !== tile) : [...tiles, tile] };
    this.refresh();
  }

  async save(button) {
    button.disabled = true;
    try {
      const answer = await this.refresh();
      if (!answer) return;
      if (!answer.complete) {
        // a problem of the whole round is already said (render); otherwise point at the players' entries
        if (!answer.problems.some((p) => !p.seat)) {
          this.problem.textContent = answer.problems.length ? t("Check the marked entries.")
            : t("Enter every player's pips, or mark who went out.");
        }
        this.markMissing(answer);
        return;
      }
      const refused = await this.onSave(this.entryData());
      this.problem.textContent = refused || "";
    } finally {
      button.disabled = false;
    }
  }

  // --- showing what the engine says -----------------------------------------------------------------------

  /** Asks the engine about the round as it is now; answers its reply (null if a newer question overtook). */
  async refresh() {
    this.render();
    const asked = ++this.asked;
    const answer = await this.engine.scoresRound({ sheet: this.sheet, index: this.index, entry: this.entryData() });
    if (asked !== this.asked) return null;
    this.answer = answer;
    this.render();
    return answer;
  }

  render() {
    const answer = this.answer;
    const double = answer ? answer.double : null;
    this.title.textContent = double === null ? t("Round {round}", { round: this.index + 1 })
      : t("Round {round}: the double {number}", { round: this.index + 1, number: double });
    this.node.dataset.double = double === null ? "" : String(double);
    const taken = new Map();
    this.hands.forEach((hand, seat) => (hand.tiles || []).forEach((tile) => taken.set(tile, seat)));
    this.rows.forEach((row, seat) => {
      const hand = this.hands[seat];
      const isOut = this.out === seat;
      row.node.classList.toggle("is-out", isOut);
      row.out.setAttribute("aria-pressed", String(isOut));
      const value = answer ? answer.values[seat] : null;
      if (hand.tiles) {
        row.input.value = value === null || value === undefined ? "" : String(value);
        row.input.readOnly = true;
      } else {
        if (row.input.value !== hand.text) row.input.value = hand.text;
        row.input.readOnly = false;
      }
      row.double.hidden = !(isOut && this.penalty > 0);
      row.doubleBox.checked = isOut && this.onDouble;
      const open = this.openSeat === seat;
      row.count.setAttribute("aria-expanded", String(open));
      row.picker.hidden = !open;
      if (open) this.renderPicker(row, seat, taken, double);
      const problem = answer?.problems.find((p) => p.seat === seat + 1);
      row.node.classList.toggle("has-problem", Boolean(problem));
      if (problem) row.note.textContent = handProblemText(problem, this.names);
      else if (hand.tiles) row.note.textContent = t("Tiles tapped: {count}. Pips counted: {points}.", { count: hand.tiles.length, points: value ?? 0 });
      else row.note.textContent = "";
      row.input.setAttribute("aria-invalid", String(Boolean(problem)));
    });
    const whole = answer?.problems.find((p) => !p.seat);
    this.problem.textContent = whole ? handProblemText(whole, this.names) : "";
  }

  renderPicker(row, seat, taken, double) {
    if (!row.picker.childElementCount) {
      for (const tile of tilesOfSet(this.score.max_pip)) {
        const [high, low] = tile.split("-");
        // each number's tiles start a row, from its double down: [9-9] … [9-0], then [8-8] …
        const button = element("button", { type: "button", class: `scores-tile${high === low ? " scores-tile--first" : ""}`, "data-tile": tile,
          "aria-label": tileName(tile), "aria-pressed": "false" });
        button.append(element("span", {}, high), element("span", {}, low));
        button.addEventListener("click", () => this.toggleTile(seat, tile));
        row.picker.append(button);
      }
    }
    const mine = new Set(this.hands[seat].tiles || []);
    for (const button of row.picker.children) {
      const tile = button.dataset.tile;
      button.setAttribute("aria-pressed", String(mine.has(tile)));
      button.disabled = tile === `${double}-${double}` || (taken.has(tile) && taken.get(tile) !== seat);
    }
  }

  markMissing(answer) {
    answer.values.forEach((value, seat) => {
      const row = this.rows[seat];
      if (value === null && !answer.problems.some((p) => p.seat === seat + 1)) {
        row.note.textContent = t("Enter the pips left in this hand, or mark the player as gone out.");
        row.node.classList.add("has-problem");
      }
    });
  }
}
