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

export class EngineError extends Error {
  constructor(code, detail, params = {}) {
    super(`${code}: ${detail || ""}`);
    this.code = code;
    this.params = params; // where the refusal is (an option, a round and seat), as the bridge says
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

  async call(method, args = {}) {
    const answer = JSON.parse(await this.remote.call(method, JSON.stringify(args)));
    if (!answer.ok) throw new EngineError(answer.error, answer.detail, answer.params);
    return answer;
  }

  /** @returns {Promise<LessonSummary[]>} */
  async lessons() {
    return (await this.call("lessons")).lessons;
  }

  /** @returns {Promise<LessonState>} */
  startLesson(lessonId, boardTitle, boardDesc) {
    return this.call("lesson_start", { lesson_id: lessonId, board_title: boardTitle, board_desc: boardDesc });
  }

  /** @returns {Promise<LessonState & {answer: MoveAnswer}>} */
  play(move) {
    return this.call("lesson_move", { move });
  }

  // the round review (engine/bridge/review_methods.py); review.js asks for it in slices
  reviewRound(args) { return this.call("review_round", args); }
  reviewCancel() { return this.call("review_cancel"); }
  reviewSummary(args) { return this.call("review_summary", args); }
}
