// Bounds on waiting, so that a start which cannot finish ends in the failure screen instead of hanging: a
// download that stalls, a module that never arrives, a runtime that never answers.

export class TimeoutError extends Error {
  constructor(what) {
    super(`timed out: ${what}`);
    this.name = "TimeoutError";
  }
}

/** `promise`, or a TimeoutError after `ms` milliseconds. */
export function withDeadline(promise, ms, what) {
  let timer;
  const expired = new Promise((_, reject) => { timer = setTimeout(() => reject(new TimeoutError(what)), ms); });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * Rejects `expired` when nothing happens for a while: each `touch(ms)` (a progress report) grants `ms` more.
 * A download that keeps sending bytes, however slowly, is never cut off; one that stops is.
 */
export class StallWatch {
  constructor(ms, what) {
    this.what = what;
    this.expired = new Promise((_, reject) => { this.reject = reject; });
    this.expired.catch(() => {}); // raced by the caller; never an unhandled rejection
    this.touch(ms);
  }

  touch(ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.reject(new TimeoutError(this.what)), ms);
  }

  stop() {
    clearTimeout(this.timer);
  }
}
