// The new-game form's people and computers: the computer players' level (one level for every computer seat,
// each level with its one-line description, from the engine's `game_levels`), and who sits at each seat: a
// person (with a name, for pass-and-play on one device) or a computer. The first seat is always a person,
// the one holding the device; with other people at the table the game hands the device over between their
// turns (game-handoff.js). It knows no rules: the engine checks the seats it is sent (engine/bridge/seats.py).
import { t } from "./strings.js";
import { element } from "./dom.js";

export const NAME_LENGTH = 24; // engine/bridge/seats.py NAME_LENGTH

const PERSON = "human";
const COMPUTER = "computer";

/** The level's words ("Strong") and line, translated, for the form and the status bar. */
export function levelLabel(levels, name) {
  const entry = levels.find((level) => level.name === name);
  return entry ? t(entry.label) : name;
}

export class SeatsField {
  /**
   * @param {string} id the form's id, prefixing every control's
   * @param {{levels: {name: string, label: string, description: string}[], default: string}} info game_levels
   * @param {{level?: string, seats?: {kind: string, name?: string}[]}} choice kept between renders (the form's)
   */
  constructor(id, info, choice) {
    this.id = id;
    this.levels = info.levels;
    this.choice = choice;
    if (!this.levels.some((level) => level.name === choice.level)) choice.level = info.default;
    choice.seats ||= [];
  }

  /** The level fieldset and the seats fieldset, for `players` seats. */
  render(players) {
    return [this.levelField(), this.seatsField(players)];
  }

  levelField() {
    const { choice, id } = this;
    const field = element("fieldset", { class: "game-levels" });
    field.append(element("legend", {}, t("Computer players' level")));
    for (const level of this.levels) {
      const radioId = `${id}-level-${level.name}`;
      const radio = element("input", { type: "radio", name: "level", id: radioId, value: level.name,
        checked: level.name === choice.level });
      radio.addEventListener("change", () => { choice.level = level.name; });
      const label = element("label", { for: radioId });
      label.append(element("strong", {}, t(level.label)), document.createTextNode(` — ${t(level.description)}`));
      const row = element("div", { class: "game-ruleset game-level" });
      row.append(radio, label);
      field.append(row);
    }
    return field;
  }

  seatsField(players) {
    const { choice, id } = this;
    const field = element("fieldset", { class: "game-seats" });
    field.append(element("legend", {}, t("Who plays")),
      element("p", { class: "game-seats__help" },
        t("More than one person can play on this device: the game hides each player's tiles until they take the device.")));
    for (let seat = 0; seat < players; seat += 1) {
      const entry = choice.seats[seat] ||= { kind: seat === 0 ? PERSON : COMPUTER, name: "" };
      if (seat === 0) entry.kind = PERSON;
      const row = element("div", { class: "game-seat", "data-seat": String(seat) });
      const seatLabel = t("Player {number}", { number: seat + 1 });
      row.append(element("span", { class: "game-seat__number" }, seatLabel));
      if (seat > 0) {
        const kind = element("select", { id: `${id}-seat-${seat}-kind`, name: `seat-${seat}-kind`,
          "aria-label": t("{player}: a person or a computer", { player: seatLabel }) });
        kind.append(element("option", { value: COMPUTER, selected: entry.kind === COMPUTER }, t("Computer")),
          element("option", { value: PERSON, selected: entry.kind === PERSON }, t("Person")));
        kind.addEventListener("change", () => {
          entry.kind = kind.value;
          name.hidden = entry.kind !== PERSON;
        });
        row.append(kind);
      }
      const name = element("input", { type: "text", id: `${id}-seat-${seat}-name`, name: `seat-${seat}-name`,
        maxlength: String(NAME_LENGTH), autocomplete: "off", value: entry.name || "",
        placeholder: t("Name (optional)"), "aria-label": t("{player}: name", { player: seatLabel }) });
      name.hidden = entry.kind !== PERSON;
      name.addEventListener("input", () => { entry.name = name.value; });
      row.append(name);
      field.append(row);
    }
    return field;
  }

  /** The seats for game_new: one entry per seat, people with their names (trimmed; none: "Player 2"). */
  value(players) {
    const seats = [];
    for (let seat = 0; seat < players; seat += 1) {
      const entry = this.choice.seats[seat] || { kind: seat === 0 ? PERSON : COMPUTER };
      if (seat === 0 || entry.kind === PERSON) {
        const name = (entry.name || "").trim().slice(0, NAME_LENGTH);
        seats.push(name ? { kind: PERSON, name } : { kind: PERSON });
      } else {
        seats.push({ kind: COMPUTER, level: this.choice.level });
      }
    }
    return seats;
  }
}
