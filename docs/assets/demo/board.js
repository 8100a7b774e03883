// The board: a pure function of the model (the worker's state plus what the reader has selected). It draws
// the engine's own SVG of the table, the hand as tiles and the action buttons; it knows no rules: the legal
// moves arrive from the worker, and the board only marks them.
import { t, tn } from "./strings.js";
import { endName, playName, tableTileNames, tileName } from "./names.js";
import { element } from "./dom.js";
import { parseSvg } from "./svg-markup.js";

/** Which ends each tile fits, and which other moves (draw, pass, end) are legal, from the legal moves. */
export function legalIndex(legalMoves) {
  const fits = new Map();
  const actions = new Set();
  for (const move of legalMoves) {
    if (move.kind === "play") {
      const key = `${move.tile[0]}-${move.tile[1]}`;
      if (!fits.has(key)) fits.set(key, new Set());
      fits.get(key).add(move.end);
    } else {
      actions.add(move.kind);
    }
  }
  return { fits, actions };
}

/**
 * @param {HTMLElement} root where the board goes (its content is replaced)
 * @param {{state: object, selected: string|null, summary?: boolean}} model (summary: the two-seat line, on by default)
 */
export function renderBoard(root, model) {
  const { state, selected } = model;
  const { view } = state;
  const layout = view.layout;
  const { fits, actions } = legalIndex(view.legal_moves);
  const myTurn = view.is_my_turn && !view.outcome;
  const doesNotFit = t("does not fit"); // outside the template literal below, where Babel cannot see it

  const table = element("div", { class: "demo-table" });
  const svg = parseSvg(state.board_svg);
  // A named group: each tile on it is an image with its own name, and while a hand tile is chosen the ends
  // become buttons.
  svg.setAttribute("role", "group");
  const names = tableTileNames(layout);
  for (const tile of svg.querySelectorAll("g[data-tile]")) {
    tile.setAttribute("role", "img");
    tile.setAttribute("aria-label", names.get(tile.getAttribute("data-tile")) || tileName(tile.getAttribute("data-tile")));
  }
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  // Never larger than about 3 CSS pixels per SVG unit (a tile about 60px long), however few tiles are down.
  svg.style.maxWidth = `${Math.round(3 * svg.viewBox.baseVal.width)}px`;
  for (const target of svg.querySelectorAll("[data-end]")) {
    const endId = target.getAttribute("data-end");
    const fit = selected !== null && fits.get(selected)?.has(endId);
    target.classList.add("demo-end");
    target.classList.toggle("is-fit", Boolean(fit));
    if (selected && myTurn) {
      target.setAttribute("tabindex", "-1");
      target.setAttribute("role", "button");
      target.setAttribute("aria-label", playName(layout, selected, endId) + (fit ? "" : ` (${doesNotFit})`));
    } else {
      target.setAttribute("aria-hidden", "true");
    }
  }
  table.append(svg);

  const hand = element("div", { class: "demo-hand", role: "group", "aria-label": t("Your hand") });
  for (const [a, b] of view.hand) {
    const key = `${a}-${b}`;
    const playable = myTurn && fits.has(key);
    const button = element("button", {
      type: "button", class: "demo-tile", "data-tile": key, tabindex: "-1",
      "aria-pressed": String(selected === key),
      "aria-label": playable ? t("{tile}, playable", { tile: tileName(key) }) : tileName(key),
    });
    button.classList.toggle("is-playable", playable);
    button.classList.toggle("is-selected", selected === key);
    const picture = parseSvg(state.hand_svgs[key]);
    picture.setAttribute("aria-hidden", "true");
    picture.removeAttribute("role");
    picture.removeAttribute("aria-labelledby");
    // The button carries the tile's data-tile; the picture's own would make it ambiguous.
    for (const part of picture.querySelectorAll("[data-tile]")) part.removeAttribute("data-tile");
    button.append(picture);
    hand.append(button);
  }

  const controls = element("div", { class: "demo-actions" });
  const ACTION_LABELS = { draw: t("Draw"), pass: t("Pass"), end: t("End turn") };
  const kinds = view.game === "mexican-train" ? ["draw", "pass", "end"] : ["draw", "pass"];
  for (const kind of kinds) {
    const button = element("button", { type: "button", class: "md-button demo-action", "data-move": kind },
      ACTION_LABELS[kind]);
    button.classList.toggle("is-legal", myTurn && actions.has(kind));
    button.disabled = !myTurn;
    controls.append(button);
  }
  const parts = [table, hand, controls];
  // The lessons' one-line summary of a two-seat table; a caller that shows every seat itself turns it off.
  if (model.summary !== false) {
    // Two sentences, each with its own count (outside a template literal, where Babel's extractor sees them).
    const boneyard = tn("Boneyard: {count} tile.", "Boneyard: {count} tiles.", view.boneyard_size);
    const opponent = tn("Your opponent holds {count} tile.", "Your opponent holds {count} tiles.", view.hand_sizes[1]);
    parts.push(element("p", { class: "demo-facts" }, `${boneyard} ${opponent}`));
  }

  root.replaceChildren(...parts);
  root.dataset.selected = selected || "";
  root.dataset.turn = myTurn ? "mine" : "waiting";
  return { endNames: (endId) => endName(layout, endId) };
}
