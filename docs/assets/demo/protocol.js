// The typed messages between the page and the worker. Comlink carries them; this module is the page's only
// door to the engine, and every request and answer is plain JSON (the engine's bridge, engine/bridge/).
// Comlink is imported with this module's own query string: a start that failed because Comlink could not be
// fetched is retried by importing "protocol.js?attempt=N" (loader.js), and a browser never fetches a module
// again under an address whose fetch failed, so the retry needs new addresses for both.
const Comlink = await import(new URL(`../vendor/comlink.mjs${new URL(import.meta.url).search}`, import.meta.url).href);

/**
 * @typedef {{stage: "runtime"|"python"|"engine"|"ready", loaded?: number, total?: number}} Progress
 * @typedef {{id: string, game: string, title: string}} LessonSummary
 * @typedef {{result: "played"|"illegal"|"steered"|"invalid", move?: string, code?: string, rule_id?: string,
 *            message?: string, message_params?: object, events?: object[]}} MoveAnswer
 * @typedef {{lesson: object, next_lesson: string|null, view: object, targets: string[], complete: boolean,
 *            stuck: boolean, match: object|null, previous_rounds: number[][]|null, board_svg: string,
 *            hand_svgs: Object<string, string>}} LessonState
 */

// Each method's first call, asked and answered, on the page's timeline ("demo:ask:lessons" …), which
// scripts/bench_tutorial.py reads to split a first screen into the engine's time and the page's.
function mark(name) {
  try {
    performance.mark(`demo:${name}`);
  } catch {
    // no User Timing: nothing to measure
  }
}

export class EngineError extends Error {
  constructor(code, detail, params = {}, say = null) {
    super(`${code}: ${detail || ""}`);
    this.code = code;
    this.params = params; // where the refusal is (an option, a round and seat), as the bridge says
    this.say = say; // the page's sentence for it, where the bridge has one (engine/bridge/sentences.py)
  }
}

export class EngineClient {
  /** @param {Worker} worker a module worker running worker.js */
  constructor(worker) {
    this.remote = Comlink.wrap(worker);
  }

  /** Starts Pyodide and the engine; `onProgress` receives {@link Progress} messages. `runtime`: the runtime's
   * index (pyodide/runtime.json) if the page has fetched it already, else the worker fetches it. */
  start(onProgress, runtime = null) {
    return this.remote.start(Comlink.proxy(onProgress), runtime);
  }

  #marked = new Set(); // the methods whose first call is on the page's timeline

  // The one place a bridge method is named: every request goes through here.
  async #ask(method, args = {}) {
    const first = !this.#marked.has(method);
    if (first) {
      this.#marked.add(method);
      mark(`ask:${method}`);
    }
    const answer = JSON.parse(await this.remote.call(method, JSON.stringify(args)));
    if (first) mark(`answered:${method}`);
    if (!answer.ok) throw new EngineError(answer.error, answer.detail, answer.params, answer.say);
    return answer;
  }

  // One method per bridge method (engine/bridge/*_methods.py METHODS), named as in Python in camelCase; each
  // takes the method's JSON arguments as they are and answers the bridge's answer (a refusal throws
  // EngineError). tests/browser/test_typed_door.py holds this list and the bridge's in step.

  // the tutorial (engine/bridge/tutorial_methods.py)
  describeSet(args) { return this.#ask("describe_set", args); }
  /** @returns {Promise<{lessons: LessonSummary[], rule_pages: object}>} */
  lessons() { return this.#ask("lessons"); }
  /** @returns {Promise<LessonState>} ({lesson_id, board_title, board_desc, fit_width?, trains?}) */
  lessonStart(args) { return this.#ask("lesson_start", args); }
  /** @returns {Promise<LessonState & {answer: MoveAnswer}>} ({move, fit_width?}) */
  lessonMove(args) { return this.#ask("lesson_move", args); }
  lessonView(args) { return this.#ask("lesson_view", args); }
  seededRecord(args) { return this.#ask("seeded_record", args); }

  // the game (engine/bridge/game_methods.py)
  gameSetup(args) { return this.#ask("game_setup", args); }
  gameView(args) { return this.#ask("game_view", args); }
  gameLevels() { return this.#ask("game_levels"); }
  gameNew(args) { return this.#ask("game_new", args); }
  gameState(args) { return this.#ask("game_state", args); }
  gamePlay(args) { return this.#ask("game_play", args); }
  gameBotStep(args) { return this.#ask("game_bot_step", args); }
  gameNextRound(args) { return this.#ask("game_next_round", args); }
  gameReveal(args) { return this.#ask("game_reveal", args); }
  gameHint() { return this.#ask("game_hint"); }
  gameUndo(args) { return this.#ask("game_undo", args); }
  gameSave() { return this.#ask("game_save"); }
  gameLoad(args) { return this.#ask("game_load", args); }
  gameExport() { return this.#ask("game_export"); }
  gameImport(args) { return this.#ask("game_import", args); }

  // the score keeper (engine/bridge/scores_methods.py)
  scoresSheet(args) { return this.#ask("scores_sheet", args); }
  scoresRound(args) { return this.#ask("scores_round", args); }
  scoresExport(args) { return this.#ask("scores_export", args); }
  scoresImport(args) { return this.#ask("scores_import", args); }

  // the round review (engine/bridge/review_methods.py); review.js asks for it in slices
  reviewRound(args) { return this.#ask("review_round", args); }
  reviewCancel() { return this.#ask("review_cancel"); }
  reviewSummary(args) { return this.#ask("review_summary", args); }
  reviewHandOver(args) { return this.#ask("review_hand_over", args); }
}
