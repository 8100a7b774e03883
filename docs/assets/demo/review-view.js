// The round review's screens, drawn from what the controller (review.js) tells them; no rule and no grading
// here. Three places:
//   - a part of the round-over panel (ReviewOffer): "Review this round" (one button per person in
//     pass-and-play, each behind a hand-over: only that person should look), then the progress and Cancel;
//   - "find it first" (ReviewScreen.showDecision): the table and the hand as they were at a costly decision,
//     drawn by the game's own board (board.js), the question in the dock, the reader's tries answered in a
//     live region, then the better move with its reason and a link to the section it comes from;
//   - the summary (ReviewScreen.showSummary): the points lost this round by kind of mistake, each graded
//     decision, and the match so far.
// The screen takes the play area's place in the app's body (the game's board stays as it was, hidden).
import { t } from "./strings.js";
import { Board } from "./board.js";
import { attachInput } from "./input.js";
import { button, element } from "./dom.js";
import { declareScroller } from "./scroller.js";
import { playerName } from "./players.js";
import { gradeText, kindText, playedText, pointsText, questionText } from "./review-text.js";
import { sameMove } from "./moves.js";

/** The legal moves of a decision as the board reads them ({kind, tile, end, text}), as its view sends them. */
export function legalMoves(decision) {
  return decision.view.legal_moves || [];
}

/** The review's part of the round-over panel. */
export class ReviewOffer {
  /** @param {{start: (seat: number) => void, handover: (seat: number) => void, confirm: (seat: number) => void,
   *            cancel: () => void}} actions */
  constructor(actions) {
    this.actions = actions;
    this.element = element("div", { class: "game-review-offer" });
  }

  /** The offer: "Review this round"; in pass-and-play, for the person named, behind a hand-over. */
  showOffer(people, { passAndPlay }) {
    this.element.dataset.review = "offer";
    if (!passAndPlay) {
      this.element.replaceChildren(button(t("Review this round"), "game-review-start", () => this.actions.start(people[0])));
      return;
    }
    const row = element("div", { class: "game-review-people" });
    row.append(...people.map((seat) => {
      const node = button(t("Review: {player}", { player: playerName(seat) }), "game-review-start",
        () => this.actions.handover(seat));
      node.dataset.seat = String(seat);
      return node;
    }));
    this.element.replaceChildren(row);
  }

  /** The reviews kept with the game (a save's or an imported record's), under the offer. */
  showKept(text) {
    this.element.querySelector(".game-review-kept")?.remove();
    this.element.append(element("p", { class: "game-review-kept" }, text));
  }

  /** Pass-and-play: the review shows one person's tiles, so the device goes to them first. */
  showHandover(seat) {
    this.element.dataset.review = "handover";
    const player = playerName(seat);
    const show = button(t("I am {player}: show my review", { player }), "game-review-reveal",
      () => this.actions.confirm(seat), { primary: true });
    this.element.replaceChildren(
      element("p", {}, t("Only {player} should look at the screen now: the review shows their tiles.", { player })),
      show, button(t("Cancel"), "game-review-cancel", () => this.actions.cancel()));
    show.focus();
  }

  /** While the engine goes over the decisions: how far it is, and a way out. */
  showProgress(done = 0, total = 0) {
    if (this.element.dataset.review !== "progress") {
      this.element.dataset.review = "progress";
      this.status = element("p", { class: "game-review-progress", role: "status" });
      this.bar = element("progress", { max: "1", value: "0" });
      this.bar.setAttribute("aria-label", t("Review under way"));
      const cancel = button(t("Cancel"), "game-review-cancel", () => this.actions.cancel());
      const row = element("div", { class: "game-review-progress-row" });
      row.append(this.status, cancel);
      this.element.replaceChildren(row, this.bar);
      cancel.focus({ preventScroll: true });
    }
    this.status.textContent = total ? t("Reviewing your decisions: {done} of {total}…", { done, total })
      : t("Reviewing your decisions…");
    if (total) {
      this.bar.max = total;
      this.bar.value = done;
    } else {
      this.bar.removeAttribute("value"); // an indeterminate bar until the engine says how many
    }
  }

  showMessage(text) {
    this.element.dataset.review = "message";
    const note = element("p", { class: "game-review-message", role: "status" }, text);
    this.element.replaceChildren(note);
  }
}

/** The review screen: a decision on the board, or the summary. */
export class ReviewScreen {
  /**
   * @param {{headingTag: string, choose: (choice: {tile?: string, end?: string, kind?: string}) => void, reveal: () => void, next: () => void,
   *          close: () => void, ruleLink: (rule: string) => {href: string, target: string}|null}} how
   */
  constructor(how) {
    this.how = how;
    this.element = element("section", { class: "game-play game-review", "aria-labelledby": "game-review-title" });
    const strip = element("div", { class: "game-review__strip" });
    this.title = element(how.headingTag, { id: "game-review-title", class: "game-review__title", tabindex: "-1" });
    const close = element("button", { type: "button", class: "game-review-close", "aria-label": t("End the review"),
      title: t("End the review") }, "×");
    close.addEventListener("click", () => how.close());
    strip.append(this.title, close);
    this.stage = element("div", { class: "game-review__stage" });
    this.element.append(strip, this.stage);
    this.selected = null;
    this.board = null;
  }

  buildBoard() {
    this.board = new Board(element("div", { class: "game-board game-review__board" }));
    this.question = element("p", { class: "game-review-question", id: "game-review-question", tabindex: "-1" });
    // the reply to each try, and the answer: read out as they come
    this.reply = element("div", { class: "demo-feedback game-review-reply", role: "status", "aria-live": "polite" });
    // the reply first: the dock's box shows two lines, and the latest reply is what the reader looks for
    this.board.message.append(this.reply, this.question);
    this.answerButton = button(t("Show the answer"), "game-review-answer", () => this.how.reveal());
    this.nextButton = button(t("Next"), "game-review-next", () => this.how.next(), { primary: true });
    this.board.controls.append(this.answerButton, this.nextButton);
    attachInput(this.board, {
      select: (tile, how = {}) => this.select(tile, how),
      play: (move) => this.how.choose(move),
    });
  }

  // --- one decision ---------------------------------------------------------------------------------------

  /**
   * @param {object} decision the engine's graded decision
   * @param {{number: number, total: number, round: number, pictures: {table: string, hand: object}}} where
   */
  showDecision(decision, where) {
    if (!this.board) this.buildBoard();
    this.stage.replaceChildren(this.board.root);
    this.element.dataset.reviewScreen = "decision";
    this.element.dataset.decision = String(decision.index);
    // for tests and embedders, as the game's data-legal-moves: the moves the reader may try, and the one played
    this.element.dataset.legalMoves = legalMoves(decision).map((move) => move.text).join(" ");
    this.element.dataset.played = decision.played;
    this.decision = decision;
    this.pictures = where.pictures;
    this.pictureKey = `review:${where.round}:${decision.index}`;
    this.answered = false;
    this.selected = null;
    this.title.textContent = t("Round {round} review: decision {number} of {total}",
      { round: where.round, number: where.number, total: where.total });
    this.question.textContent = questionText(decision);
    this.reply.replaceChildren();
    this.reply.dataset.result = "";
    this.answerButton.hidden = false;
    this.nextButton.hidden = true;
    this.nextButton.textContent = where.number < where.total ? t("Next decision") : t("See the summary");
    this.draw(null);
    this.question.focus({ preventScroll: true });
  }

  draw(focus) {
    // once answered, only the better move is marked: its tile chosen, its one end lit
    const legal = legalMoves(this.decision);
    const shown = this.answered ? legal.filter((move) => sameMove(move, this.decision.best_move)) : legal;
    const view = { ...this.decision.view, legal_moves: shown, is_my_turn: !this.answered, outcome: null };
    this.board.render({ state: { view, board_svg: this.pictures.table, hand_svgs: this.pictures.hand },
      selected: this.selected, pictureKey: this.pictureKey, frozen: this.answered }, focus);
    this.board.root.classList.toggle("is-frozen", this.answered);
  }

  select(tile, how) {
    if (this.answered) return;
    this.selected = tile;
    this.draw(how.keyboard ? (tile ? "ends" : "hand") : null);
    if (tile && !how.keyboard && !how.dragging) this.board.revealFits();
  }

  /** The reply to a try (not the better move): said in the live region; the board is ready for another. */
  showTry(text) {
    this.selected = null;
    this.reply.replaceChildren(element("p", { class: "demo-why" }, text));
    this.reply.dataset.result = "wrong";
    this.draw(null);
  }

  /**
   * The answer: praise when found, then the better move with its reason and the section it comes from.
   * @param {{lead: string|null, found: boolean, answer: string, lost: string, grade: string}} said lead: the
   *   praise for a found move, or the reply to the last try (null: the reader asked for the answer)
   */
  showAnswer(said) {
    this.answered = true;
    const best = this.decision.best_move;
    this.selected = best.kind === "play" ? this.handKey(best.tile) : null;
    const parts = [];
    if (said.lead) parts.push(element("p", { class: said.found ? "game-review-praise" : "demo-why" }, said.lead));
    const cost = t("Points lost: {points}", { points: said.lost }); // outside the template literal, for Babel
    parts.push(element("p", { class: "game-review-why" }, said.answer),
      element("p", { class: "game-review-cost" }, `${said.grade} · ${cost}`));
    const link = this.how.ruleLink(this.decision.rule);
    if (link) {
      const paragraph = element("p");
      paragraph.append(element("a", { href: link.href, class: "demo-rule-link game-review-rule", target: link.target,
        rel: "noopener" }, t("Read more about this on the site")));
      parts.push(paragraph);
    }
    this.reply.replaceChildren(...parts);
    this.reply.dataset.result = said.found ? "found" : "shown";
    this.answerButton.hidden = true;
    this.nextButton.hidden = false;
    this.draw(null);
    this.nextButton.focus({ preventScroll: true });
  }

  /** The hand's key for a tile (the hand lists each tile as the engine orders its pips). */
  handKey(tile) {
    const [a, b] = tile;
    const keys = (this.decision.view.hand || []).map(([x, y]) => `${x}-${y}`);
    return keys.find((key) => key === `${a}-${b}` || key === `${b}-${a}`) || `${a}-${b}`;
  }

  // --- the summary ----------------------------------------------------------------------------------------

  /**
   * @param {{round: number, review: object, summary: object|null, language: string, seat: number}} data
   */
  showSummary({ round, review, summary, language }) {
    this.element.dataset.reviewScreen = "summary";
    for (const name of ["decision", "legalMoves", "played"]) delete this.element.dataset[name];
    this.title.textContent = t("Round {round} review: summary", { round });
    const body = element("div", { class: "game-review__summary", tabindex: "0" });
    const points = (value) => pointsText(value, language);
    body.append(element("p", { class: "game-review-total" },
      t("Points lost this round, against the better moves: {points}", { points: points(review.lost) })));

    const kinds = Object.entries(review.by_kind || {}).filter(([, value]) => value > 0).sort((a, b) => b[1] - a[1]);
    if (kinds.length) {
      const table = element("table", { class: "game-review-kinds" });
      table.append(element("caption", {}, t("By kind of mistake")));
      for (const [kind, value] of kinds) {
        const tr = element("tr");
        tr.dataset.kind = kind;
        tr.append(element("th", { scope: "row" }, kindText(kind, review.kind_labels)), element("td", {}, points(value)));
        table.append(tr);
      }
      body.append(table);
    }

    const graded = (review.decisions || []).filter((decision) => decision.grade !== "fine");
    if (!graded.length) {
      body.append(element("p", {}, t("Every decision you made this round was fine.")));
    } else {
      const list = element("ul", { class: "game-review-list" });
      for (const decision of graded) {
        const item = element("li");
        item.dataset.grade = decision.grade;
        const said = decision.grade === "too-close"
          ? t("Move {number}: {played} Too close to call: the better move is not sure.",
            { number: decision.index + 1, played: playedText(decision.played_move, decision.view.layout) })
          : t("Move {number}: {played} {grade}, points lost: {points}.", { number: decision.index + 1,
            played: playedText(decision.played_move, decision.view.layout), grade: gradeText(decision.grade),
            points: points(decision.lost) });
        item.textContent = said;
        list.append(item);
      }
      body.append(list);
    }

    if (summary?.rounds?.length) {
      const table = element("table", { class: "game-review-match" });
      table.append(element("caption", {}, t("Over the match, points lost: {points}", { points: points(summary.lost) })));
      const head = element("tr");
      head.append(element("th", { scope: "col" }, t("Round")), element("th", { scope: "col" }, t("Points lost")));
      table.append(head);
      for (const entry of summary.rounds) {
        const tr = element("tr");
        tr.append(element("th", { scope: "row" }, String(entry.round)), element("td", {}, points(entry.lost)));
        table.append(tr);
      }
      body.append(table);
    }
    const back = button(t("Back to the round"), "game-review-done", () => this.how.close(), { primary: true });
    const box = element("div", { class: "game-review__summary-box" });
    box.append(body);
    this.stage.replaceChildren(box, element("div", { class: "game-review__buttons" }));
    this.stage.lastChild.append(back);
    declareScroller(body, { axis: "y" });
    this.title.focus({ preventScroll: true });
  }
}

