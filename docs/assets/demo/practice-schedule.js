// Spaced practice without an account: what each answer does to its theme's strength, how a strength fades over
// the days, and which puzzle comes next. Plain functions of the data and of the time they are given (no clock,
// no storage here: practice-store.js keeps the data, the controller passes Date.now()).
//
// A theme's strength is a number from 0 to 1. A right answer closes half the gap to 1, a wrong one halves it.
// Between answers it fades by half every `halfLife` days, a half-life that doubles with each right answer in a
// row (1, 2, 4 … up to 64 days) and falls back to one day after a wrong one: what a reader knows well comes
// back rarely, what they keep missing comes back soon (the Leitner boxes' idea, with a continuous decay).

export const DAY = 86_400_000;
const FIRST_HALF_LIFE_DAYS = 1;
const LONGEST_HALF_LIFE_DAYS = 64;
export const DUE_BELOW = 0.4; // a theme once known that has faded below this is due again (one right answer: 0.5)
export const STRONG_FROM = 0.8;
const NEW_THEME_PRIORITY = 0.3; // a theme never tried ranks between a weak one and one half-known
const HISTORY = 30; // puzzle ids remembered, so a puzzle does not come back soon

export function halfLifeDays(entry) {
  return Math.min(FIRST_HALF_LIFE_DAYS * 2 ** entry.streak, LONGEST_HALF_LIFE_DAYS);
}

/** The strength of a theme `now` (ms), faded since its last answer; 0 for a theme never tried. */
export function strengthNow(entry, now) {
  if (!entry) return 0;
  const days = Math.max(0, now - entry.last) / DAY;
  return entry.strength * 2 ** (-days / halfLifeDays(entry));
}

/** The theme's entry after an answer at `now`. */
export function afterAnswer(entry, right, now) {
  const before = strengthNow(entry, now);
  const { streak = 0, seen = 0, right: rights = 0 } = entry || {};
  return {
    strength: right ? before + (1 - before) / 2 : before / 2,
    streak: right ? streak + 1 : 0,
    seen: seen + 1,
    right: rights + (right ? 1 : 0),
    last: now,
  };
}

/** new (never tried), weak (its last answer left it below DUE_BELOW), due (known once, faded below it),
 * strong (STRONG_FROM and up), or learning. */
export function themeStatus(entry, now) {
  if (!entry) return "new";
  const strength = strengthNow(entry, now);
  if (strength < DUE_BELOW) return entry.strength < DUE_BELOW ? "weak" : "due";
  return strength >= STRONG_FROM ? "strong" : "learning";
}

/** The difficulty (1 to 3) that suits a theme of this strength. */
export function difficultyFor(strength) {
  return strength < 0.4 ? 1 : strength < 0.75 ? 2 : 3;
}

/**
 * The theme of the next puzzle: the weakest themes first, due ones, weak ones and new ones taking turns (the
 * three weakest are the pool; one of another status than the last puzzle's comes first), and never the theme
 * of the last puzzle while another has puzzles left. `themes` are the ids that have puzzles; `progress` is
 * {id: entry}; `last` is {theme, status} of the puzzle before, or null; `random()` breaks ties.
 */
export function nextTheme(themes, progress, now, last = null, random = Math.random) {
  const others = themes.length > 1 && last ? themes.filter((id) => id !== last.theme) : themes;
  const ranked = others.map((id) => {
    const entry = progress[id];
    return { id, status: themeStatus(entry, now), priority: entry ? strengthNow(entry, now) : NEW_THEME_PRIORITY,
      tie: random() };
  }).sort((a, b) => a.priority - b.priority || a.tie - b.tie);
  const pool = ranked.slice(0, 3);
  const other = last ? pool.find((theme) => theme.status !== last.status) : null;
  return (other || pool[0] || null);
}

/** A puzzle of `theme` for a reader of this strength: of the difficulty nearest to the one that suits, not among
 * the `recent` ids while another is left, not one of `exclude` (this session's) at all while any other is left. */
export function nextPuzzle(puzzles, theme, strength, recent = [], exclude = [], random = Math.random) {
  const ofTheme = puzzles.filter((puzzle) => puzzle.theme === theme);
  const fresh = ofTheme.filter((puzzle) => !exclude.includes(puzzle.id));
  const pool = fresh.length ? fresh : ofTheme;
  const wanted = difficultyFor(strength);
  const scored = pool.map((puzzle) => ({ puzzle, score: Math.abs(puzzle.difficulty - wanted)
    + (recent.includes(puzzle.id) ? 10 : 0), tie: random() }));
  scored.sort((a, b) => a.score - b.score || a.tie - b.tie);
  return scored[0]?.puzzle || null;
}

/** The puzzle ids remembered after `id` was answered: newest last, at most HISTORY. */
export function remembered(recent, id) {
  return [...recent.filter((other) => other !== id), id].slice(-HISTORY);
}

/** Whether the reader's choice is right: exactly the correct choices, no more and no fewer. */
export function isRight(puzzle, chosen) {
  const correct = puzzle.choices.filter((choice) => choice.correct).map((choice) => choice.id);
  return correct.length === chosen.length && correct.every((id) => chosen.includes(id));
}
