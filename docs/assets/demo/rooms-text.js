// What the rooms page says, in its reader's language, of what the server sends: its errors and the quick
// phrases come with their sentences (engine/rooms/sentences.py), said here through said.js as the log's
// are (rooms-log.js); the seats' and trains' names are the page's own.
import { t } from "./strings.js";
import { said } from "./said.js";

/** What an error message from the server says: its own sentence (`say`, engine/rooms/sentences.py), or, from
 * an older server that sends none, the page's one sentence for any refusal. */
export function errorText(message) {
  return said(message.say) || t("The room server refused that.");
}

/** The quick phrases' buttons, from the server's list in `joined` ({code: sentence}, in its order). */
export function phraseChoices(phrases) {
  return Object.entries(phrases || {}).map(([code, text]) => [code, said({ text })]);
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
