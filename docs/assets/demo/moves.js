// The reader's choice, as one of the legal moves the engine sent (a view's legal_moves: {kind, tile, end,
// announce, text}): the page never writes a move's text itself.

/** A tile as the board names it ("9-4"), from the engine's [9, 4]. */
export const tileKey = (tile) => `${tile[0]}-${tile[1]}`;

/**
 * The move to send for a choice: {tile, end} (a tile on an end) or {kind} (draw, pass, end, catch);
 * `announce`: said with "chicken little". Answers the legal move's own text; a choice no legal move matches
 * goes as plain data (engine Move.from_dict), so that the engine says which rule it breaks.
 */
export function chosenMove(legalMoves, choice, announce = false) {
  const kind = choice.kind || "play";
  const found = legalMoves.find((move) => move.kind === kind && (kind !== "play"
    || (tileKey(move.tile) === choice.tile && move.end === choice.end && Boolean(move.announce) === announce)));
  if (found) return found.text;
  return kind === "play" ? { kind, tile: choice.tile, end: choice.end, announce } : { kind };
}

/** The legal move whose text is `text` (a hint's move), or null. */
export function legalMove(legalMoves, text) {
  return legalMoves.find((move) => move.text === text) || null;
}

/** Two moves sent as data ({kind, tile, end}) are the same move (a tile's pips in either order; an
 * announcement aside). */
export function sameMove(x, y) {
  if (!x || !y || x.kind !== y.kind) return false;
  if (x.kind !== "play") return true;
  const key = (move) => [...move.tile].sort((p, q) => p - q).join("-");
  return key(x) === key(y) && x.end === y.end;
}
