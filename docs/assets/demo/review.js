// The round review (issue 21), the page's side: offered on a finished round's panel (a round played here or
// an imported record's), it asks the worker to grade the reviewing person's decisions of that round
// (review_round: the engine's strong search from that person's own view, engine/review), then walks them
// through the costly ones, "find it first": the board as it was, up to two tries among the moves that were
// legal, then the better move and why. A summary ends it: the points lost by kind of mistake, and over the
// match (review_summary; the engine keeps the reviews with the game, so the page saves after one).
//
// Pass-and-play: each person reviews only their own decisions, with only their own view: the panel offers one
// review per person, each behind a hand-over like the game's own between two turns (review_hand_over hides
// every hand until they say it is them; game_reveal then shows theirs, and their review starts).
//
// What it exposes for tests: data-review on the app's root (offer | handover | progress | decision | summary,
// "" when there is nothing to review), data-review-seat (whose review), data-review-best (the decision's better
// move, once shown), data-review-tries; the reply's data-result (wrong | found | shown).
import { t } from "./strings.js";
import { element } from "./dom.js";
import { ReviewOffer, ReviewScreen, legalMoves } from "./review-view.js";
import { answerText, foundText, gradeText, keptReviewsText, pointsText, wrongTryText } from "./review-text.js";
import { chosenMove, legalMove, sameMove } from "./moves.js";

const WALKED = new Set(["inaccuracy", "mistake", "blunder"]); // "fine" and "too-close" are only listed
const TRIES = 2;
const SLICE_MS = 150; // a slice of the review in the worker: a tap meanwhile is answered without a wait one notices

export class RoundReview {
  /**
   * @param {{engine: import("./protocol.js").EngineClient, root: HTMLElement, body: HTMLElement,
   *          playArea: HTMLElement, headingTag: string, language: string, siteRoot: URL, embedded: boolean,
   *          save: () => Promise<void>, show: (state: object) => void, logLength: () => number}} host the game's
   *          parts the review uses (show: draw a state the engine sent; logLength: the log lines it holds)
   */
  constructor(host) {
    this.host = host;
    this.generation = 0; // a new request, a cancel or a new round makes an answer still on its way stale
    this.key = null;
    this.offer = new ReviewOffer({ start: (seat) => this.start(seat), cancel: () => this.cancel(),
      handover: (seat) => this.handOver(seat), confirm: (seat) => this.confirm(seat) });
    this.screen = null;
    const stylesheet = new URL("./review.css", import.meta.url).href;
    if (!document.querySelector(`link[href="${stylesheet}"]`)) document.head.append(element("link", { rel: "stylesheet", href: stylesheet }));
  }

  set phase(value) {
    this.host.root.dataset.review = value;
  }

  /** The review's part of the finished round's panel, or null while a round is being played. */
  panelPart(state) {
    const finished = state.round_over ? state.round_over.round : (state.result ? state.round_scores.length : null);
    // one person: theirs; pass-and-play: each person's, the device going to them first (the engine reviews only
    // the seat whose hand is shown)
    const people = state.seats.flatMap((seat, index) => (seat.kind === "human" ? [index] : []));
    const humans = people.length;
    if (!finished || !people.length) {
      this.forget();
      return null;
    }
    const key = `${state.seed}:${finished}:${state.move_count}`;
    if (key !== this.key) {
      this.forget();
      this.key = key;
      this.round = finished;
      this.people = people;
      this.passAndPlay = humans > 1;
      this.showOffer();
    }
    return this.offer.element;
  }

  /** The offer, with the reviews kept with the game (a save's or an imported record's) when there are any. */
  showOffer() {
    this.offer.showOffer(this.people, { passAndPlay: this.passAndPlay });
    this.phase = "offer";
    if (!this.passAndPlay) this.showKept(this.key); // in pass-and-play each person's is theirs to see
  }

  async showKept(key) {
    const summary = await this.host.engine.reviewSummary({ seat: this.people[0] }).catch(() => null);
    if (key !== this.key || this.host.root.dataset.review !== "offer" || !summary?.rounds?.length) return;
    this.offer.showKept(keptReviewsText(summary, this.host.language));
  }

  /** The round shown is no longer the one offered (a new round, a new game): drop what was under way. */
  forget() {
    this.stop();
    this.key = null;
    if (this.screen) this.closeScreen();
    this.phase = "";
  }

  /** A review still on its way is dropped (in the worker too, at its next slice). */
  stop() {
    this.generation += 1;
    this.running?.abort();
    this.running = null;
  }

  /** Pass-and-play: the device goes to `seat`; every hand is hidden (by the engine) until they confirm. */
  async handOver(seat) {
    this.stop();
    try {
      this.host.show((await this.host.engine.reviewHandOver({ log_since: this.host.logLength() })).state);
    } catch (error) {
      console.warn("hand-over refused:", error.code || error);
      this.offer.showMessage(t("This round could not be reviewed."));
      return;
    }
    this.offer.showHandover(seat);
    this.phase = "handover";
  }

  /** They said it is them: their hand is shown, and their review starts. */
  async confirm(seat) {
    try {
      this.host.show((await this.host.engine.gameReveal({ seat, log_since: this.host.logLength() })).state);
    } catch (error) {
      console.warn("reveal refused:", error.code || error);
      this.offer.showMessage(t("This round could not be reviewed."));
      return;
    }
    await this.start(seat);
  }

  cancel() {
    this.stop();
    this.showOffer();
    this.offer.element.querySelector("button")?.focus();
  }

  async start(seat) {
    this.stop();
    const generation = this.generation;
    const running = this.running = new AbortController();
    this.seat = seat;
    this.host.root.dataset.reviewSeat = String(seat);
    this.offer.showProgress();
    this.phase = "progress";
    let review, summary = null;
    try {
      review = await this.inSlices({ seat, round: this.round }, running.signal,
        ({ done, total }) => generation === this.generation && this.offer.showProgress(done, total));
      this.running = null;
      if (generation !== this.generation) return;
      summary = await this.host.engine.reviewSummary({ seat }).catch(() => null);
    } catch (error) {
      if (generation !== this.generation) return;
      console.warn("round review refused:", error.code || error);
      this.offer.showMessage(t("This round could not be reviewed."));
      this.phase = "offer";
      return;
    }
    if (generation !== this.generation) return;
    this.host.save(); // the engine keeps the review with the game: a reload need not redo it
    this.review = review;
    this.summary = summary;
    this.walk = (review.decisions || []).filter((decision) => WALKED.has(decision.grade));
    this.step = 0;
    this.openScreen();
    if (this.walk.length) this.showDecision();
    else this.showSummary();
  }

  /**
   * The review, asked for in slices of about SLICE_MS: the worker answers one call at a time, so between
   * slices it answers the page's other calls (the board never waits long), the progress is told, and an
   * aborted `signal` drops the review in the worker (then this rejects).
   */
  async inSlices(args, signal, onProgress) {
    for (;;) {
      if (signal.aborted) {
        await this.host.engine.reviewCancel();
        throw new Error("cancelled");
      }
      const answer = await this.host.engine.reviewRound({ ...args, slice_ms: SLICE_MS });
      onProgress({ done: answer.done, total: answer.total });
      if (answer.complete) return answer;
    }
  }

  // --- the screen -----------------------------------------------------------------------------------------

  openScreen() {
    const host = this.host;
    this.screen = new ReviewScreen({ headingTag: host.headingTag, choose: (move) => this.choose(move),
      reveal: () => this.reveal(null, false), next: () => this.next(), close: () => this.close(),
      ruleLink: (rule) => this.ruleLink(rule) });
    // first in the body: the review's board is the one a reader (and the reader checks) meets first
    host.body.insertBefore(this.screen.element, host.playArea);
    host.root.classList.add("is-reviewing");
  }

  closeScreen() {
    this.screen.element.remove();
    this.screen = null;
    this.host.root.classList.remove("is-reviewing");
    delete this.host.root.dataset.reviewBest;
    delete this.host.root.dataset.reviewTries;
  }

  close() {
    if (this.screen) this.closeScreen();
    this.showOffer();
    this.offer.element.querySelector("button")?.focus({ preventScroll: true });
  }

  showDecision() {
    const decision = this.walk[this.step];
    this.tries = 0;
    this.host.root.dataset.reviewTries = "0";
    delete this.host.root.dataset.reviewBest;
    this.screen.showDecision(decision, { number: this.step + 1, total: this.walk.length, round: this.round,
      pictures: decision.pictures || decision.view.pictures });
    this.phase = "decision";
  }

  showSummary() {
    this.screen.showSummary({ round: this.round, review: this.review, summary: this.summary,
      language: this.host.language });
    this.phase = "summary";
  }

  // --- "find it first" ------------------------------------------------------------------------------------

  /** `choice`: the reader's tap as the board reports it ({tile, end} or {kind}). */
  choose(choice) {
    const decision = this.walk[this.step];
    if (!decision || this.screen.answered) return;
    const legal = legalMoves(decision);
    const move = legalMove(legal, chosenMove(legal, choice));
    if (!move) {
      this.screen.showTry(t("That move was not possible then: choose among the tiles and ends marked."));
      return;
    }
    if (sameMove(move, decision.best_move)) {
      this.reveal(foundText(this.tries === 0), true);
      return;
    }
    this.tries += 1;
    this.host.root.dataset.reviewTries = String(this.tries);
    const left = TRIES - this.tries;
    const said = wrongTryText({ same: sameMove(move, decision.played_move), triesLeft: left });
    if (left > 0) this.screen.showTry(said);
    else this.reveal(said, false);
  }

  /** The answer: `lead` praises a found move, or is the reply to the last try (null: the reader asked). */
  reveal(lead, found) {
    const decision = this.walk[this.step];
    this.host.root.dataset.reviewBest = decision.best;
    this.screen.showAnswer({ lead, found, answer: answerText(decision), grade: gradeText(decision.grade),
      lost: pointsText(decision.lost, this.host.language) });
  }

  next() {
    this.step += 1;
    if (this.step < this.walk.length) this.showDecision();
    else this.showSummary();
  }

  /** "strategy#double-blank-early" → the section's address in the reader's language. */
  ruleLink(rule) {
    if (!rule || typeof rule !== "string") return null;
    const [page, anchor] = rule.split("#");
    const prefix = this.host.language === "en" ? "" : `${this.host.language}/`;
    const href = new URL(`${prefix}${page}/${anchor ? `#${anchor}` : ""}`, this.host.siteRoot).href;
    return { href, target: this.host.embedded ? "_blank" : "_self" };
  }
}
