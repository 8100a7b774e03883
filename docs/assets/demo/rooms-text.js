// What the rooms page says, in its reader's language: every error code the rooms server sends
// (engine/rooms/protocol.py ERRORS), the quick phrases (sent as codes, so each reader sees them in their own
// language) and the seats' names. The log's sentences are the game's narrator's (rooms-log.js, said.js).
import { t } from "./strings.js";

const N_ = (s) => s;

export const ERROR_TEXTS = {
  "too-large": N_("That message was too long for the room server."),
  "not-json": N_("The room server could not read what this page sent."),
  "too-deep": N_("The room server could not read what this page sent."),
  "number-too-large": N_("The room server could not read what this page sent."),
  "bad-message": N_("Something in the form is not accepted: check the name (1 to 24 characters) and the code."),
  "unknown-type": N_("The room server does not know that request: reload the page."),
  "rate-limited": N_("Too many messages at once: wait a moment."),
  "too-many-guesses": N_("Too many wrong room codes from here: wait a minute, then try again."),
  "no-such-room": N_("No room has this code. Check the code with the host."),
  "room-full": N_("Every seat in this room is taken."),
  "bad-token": N_("This device's seat in the room is no longer valid."),
  "seat-lost": N_("You were away too long: the computer now plays your seat to the end."),
  "not-in-room": N_("Join or start a room first."),
  "already-in-room": N_("This page already has a seat in a room."),
  "not-host": N_("Only the host can start the game."),
  "already-started": N_("The game in this room has already started."),
  "not-started": N_("The game has not started yet."),
  "game-over": N_("The match is over."),
  "not-your-turn": N_("It is not your turn."),
  "illegal-move": N_("That move is not allowed now."),
  "bad-rules": N_("The room server does not accept these rules."),
  "bad-seats": N_("These seats cannot play this game: check the number of players and the set."),
  "storage-failed": N_("The room server could not save that move, so it was not played. Try again."),
};

const REFUSED = N_("The room server refused that."); // a code this page does not know yet

/** The sentence for an error message from the server (an unknown code still gets a sentence). */
export function errorText(code) {
  return t(ERROR_TEXTS[code] || REFUSED);
}

export const PHRASES = {
  hello: N_("Hello!"),
  "your-turn": N_("Your turn."),
  "good-game": N_("Good game!"),
  "one-moment": N_("One moment, please."),
  "well-played": N_("Well played!"),
  "thank-you": N_("Thank you!"),
  again: N_("Another game?"),
  bye: N_("Goodbye!"),
};

export function phraseText(code) {
  return PHRASES[code] ? t(PHRASES[code]) : "";
}

/** A seat's name as everyone sees it: the person's own, or "Computer 3". */
export function seatName(seats, seat) {
  const entry = seats[seat];
  if (entry?.kind === "human" && entry.name) return entry.name;
  if (entry?.kind === "human") return t("Player {number}", { number: seat + 1 });
  return t("Computer {number}", { number: seat + 1 });
}

/** The trains' names for this reader: "your train" for their own, else after the owner. */
export function trainNamer(seats, mySeat) {
  return (owner) => (owner === mySeat ? t("your train") : t("{player}'s train", { player: seatName(seats, owner) }));
}
