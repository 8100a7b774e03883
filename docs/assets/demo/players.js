// Who sits where (the state's `seats`): with one person, they are "you" and the others "Computer 2"… (the
// tutorial's one other, "your opponent"); with several people on one device (pass-and-play) nobody is "you"
// (the log and the scores are everyone's), and each person has their name, or "Player 3".
import { t } from "./strings.js";
import { otherPlayerName } from "./names.js";

let seating = null;

/** The game's seats, from its state; call before drawing anything that names a player. */
export function setSeating(seats) {
  seating = Array.isArray(seats) ? seats : null;
}

function people() {
  return seating ? seating.filter((seat) => seat.kind === "human").length : 1;
}

/** Whether `seat` is the reader, the one "you" of a game against the computer. */
export function isReader(seat) {
  return people() === 1 && seat === (seating ? seating.findIndex((entry) => entry.kind === "human") : 0);
}

export function playerName(seat) {
  if (isReader(seat)) return t("You");
  const entry = seating?.[seat];
  if (entry?.kind === "human") return entry.name || t("Player {number}", { number: seat + 1 });
  return otherPlayerName(seat);
}
