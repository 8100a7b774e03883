// Accessible names, in the reader's language, for what the board shows: numbers, tiles, ends and moves.
// Names come from the layout the worker sends (a line's slot, parent and tiles), never from rules.
import { t } from "./strings.js";

const N_ = (s) => s;

const NUMBER_WORDS = [
  N_("blank"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
  N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"),
];

// Who the other players are: the game's are "Computer 1", "Computer 2"…; the tutorial's one is "your
// opponent". A train is named after its owner in the same words everywhere (board, log, announcements).
let otherPlayers = "computers";
let trainNames = null; // a page whose reader may sit anywhere (rooms) names trains itself: owner seat -> words

/** @param {((owner: number) => string) | null} namer */
export function nameTrainsBy(namer) {
  trainNames = namer;
}

/** @param {"computers"|"opponent"} style */
export function nameOtherPlayers(style) {
  otherPlayers = style;
}

/** A player other than the reader, when nobody has named them: "Computer 2", or the tutorial's "Your opponent". */
export function otherPlayerName(seat) {
  return otherPlayers === "opponent" ? t("Your opponent") : t("Computer {number}", { number: seat });
}

function trainName(owner) {
  if (trainNames) return trainNames(owner);
  if (owner === 0) return t("your train");
  return otherPlayers === "opponent" ? t("your opponent's train") : t("Computer {number}'s train", { number: owner });
}

export function numberName(number) {
  return number < NUMBER_WORDS.length ? t(NUMBER_WORDS[number]) : String(number);
}

/** "double nine", "nine–four": a tile given as "9-4" or [9, 4]. */
export function tileName(tile) {
  const [a, b] = typeof tile === "string" ? tile.split("-").map(Number) : tile;
  const high = Math.max(a, b), low = Math.min(a, b);
  if (high === low) return t("double {number}", { number: numberName(high) });
  return t("{high}–{low}", { high: numberName(high), low: numberName(low) });
}

const ARM_NAMES = { n: N_("the north arm"), e: N_("the east arm"), s: N_("the south arm"), w: N_("the west arm") };
const TOE_NAMES = {
  l: N_("the left toe of the double {number}"),
  c: N_("the middle toe of the double {number}"),
  r: N_("the right toe of the double {number}"),
};

const ROOT_TOE_NAMES = {
  l: N_("the left toe of {arm}"),
  c: N_("the middle toe of {arm}"),
  r: N_("the right toe of {arm}"),
};

/**
 * The number a tile must show to be laid on the end of line `endId`: its last tile's outer pip, or, for a line
 * with no tile yet, the double it leaves from (read from the layout, as drawn).
 */
export function openNumber(layout, endId) {
  const line = layout.lines.find((candidate) => candidate.id === endId);
  if (!line) return null;
  if (line.tiles.length) return line.tiles[line.tiles.length - 1][1];
  const parent = layout.lines.find((candidate) => candidate.id === line.parent);
  const anchor = parent ? parent.tiles[line.at] : layout.root;
  return anchor ? anchor[0] : null;
}

/** The name of the end of line `endId` in `layout` (the engine's layout contract), for a reader in seat 0. */
export function endName(layout, endId) {
  const line = layout.lines.find((candidate) => candidate.id === endId);
  if (!line) return t("end {id}", { id: endId });
  if (line.slot === "mx") return t("the Mexican train");
  if (/^t\d+$/.test(line.slot)) {
    return trainName(line.owner);
  }
  if (line.parent === null && ARM_NAMES[line.slot]) return t(ARM_NAMES[line.slot]);
  // the double-foot opening: three toes on each side of the root ("e.l": the east side's left toe)
  const [side, toe] = line.slot.split(".");
  if (line.parent === null && ARM_NAMES[side] && ROOT_TOE_NAMES[toe]) {
    return t(ROOT_TOE_NAMES[toe], { arm: t(ARM_NAMES[side]) });
  }
  const parent = layout.lines.find((candidate) => candidate.id === line.parent);
  if (parent && TOE_NAMES[line.slot]) {
    const [number] = parent.tiles[line.at];
    return t(TOE_NAMES[line.slot], { number: numberName(number) });
  }
  return t("end {id}", { id: endId });
}

/** "play nine–four on the north arm". */
export function playName(layout, tile, endId) {
  return t("play {tile} on {end}", { tile: tileName(tile), end: endName(layout, endId) });
}

/**
 * The accessible name of every tile lying on the table, by its data-tile key: "nine–four on the north arm",
 * "double nine, in the middle of the table".
 */
export function tableTileNames(layout) {
  const names = new Map();
  const key = ([a, b]) => `${Math.max(a, b)}-${Math.min(a, b)}`;
  if (layout.root) names.set(key(layout.root), t("{tile}, in the middle of the table", { tile: tileName(layout.root) }));
  for (const line of layout.lines) {
    const place = endName(layout, line.id);
    for (const tile of line.tiles) names.set(key(tile), t("{tile} on {end}", { tile: tileName(tile), end: place }));
  }
  return names;
}

/** Gives each tile lying on the drawn table `svg` its name (an image named "nine–four on the north arm"). */
export function nameTableTiles(svg, layout) {
  const names = tableTileNames(layout);
  for (const tile of svg.querySelectorAll("g[data-tile]")) {
    tile.setAttribute("role", "img");
    tile.setAttribute("aria-label", names.get(tile.getAttribute("data-tile")) || tileName(tile.getAttribute("data-tile")));
  }
}
