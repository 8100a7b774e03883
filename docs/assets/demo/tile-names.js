// A lesson's words with its tiles drawn: the lessons write a tile as "[9-4]" in every language (engine/bridge/
// lessons.py); here each becomes a small inline picture of the tile, its two numbers side by side, that a screen
// reader reads as the tile's name in the reader's language ("nine–four", "double nine").
import { element } from "./dom.js";
import { tileName } from "./names.js";

const TILE = /\[(\d{1,2})-(\d{1,2})\]/g;

/** A small picture of the tile high-low, named for a screen reader. */
export function tilePicture(high, low) {
  const picture = element("span", { class: "tile-chip", role: "img", "aria-label": tileName(`${high}-${low}`),
    "data-tile": `${high}-${low}` });
  picture.append(element("span", { class: "tile-chip__half", "aria-hidden": "true" }, String(high)),
    element("span", { class: "tile-chip__half", "aria-hidden": "true" }, String(low)));
  return picture;
}

/** The nodes of `text` with each "[a-b]" drawn as a tile: for element.append / replaceChildren. */
export function withTilePictures(text) {
  const nodes = [];
  let from = 0;
  for (const match of text.matchAll(TILE)) {
    if (match.index > from) nodes.push(document.createTextNode(text.slice(from, match.index)));
    nodes.push(tilePicture(match[1], match[2]));
    from = match.index + match[0].length;
  }
  if (from < text.length) nodes.push(document.createTextNode(text.slice(from)));
  return nodes;
}

/** An element whose words show their tiles as pictures: element(tag, attributes) filled by withTilePictures. */
export function tileText(tag, attributes, text) {
  const node = element(tag, attributes);
  node.append(...withTilePictures(text));
  return node;
}
