// The board: the table (table-view.js: the engine's own SVG, panned and zoomed) above the reader's hand and the
// move buttons (draw, pass, end turn), docked at the bottom of the app within thumb reach. It is drawn from the
// model (the worker's state plus what the reader has selected) and knows no rules: the legal moves arrive from
// the worker, and the board only marks them.
//
// Hand tiles and move buttons are kept from one drawing to the next (matched by tile and by move), so the one
// the reader has focused stays focused while the computers move and after the reader's own moves; when the
// focused tile leaves the hand, focus goes to the hand's next stop, never to the page's <body>.
import { t } from "./strings.js";
import { nameTableTiles, playName, tileName } from "./names.js";
import { EndChooser } from "./end-chooser.js";
import { TableView } from "./table-view.js";
import { element } from "./dom.js";
import { parseSvg } from "./svg-markup.js";
import { declareScroller } from "./scroller.js";

const N_ = (s) => s;
const ACTION_LABELS = { draw: N_("Draw"), pass: N_("Pass"), end: N_("End turn") };

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

export class Board {
  /**
   * @param {HTMLElement} root the board's element (its content is the board's)
   * @param {{onWidth?: (width: number) => void, kinds?: string[]}} options onWidth: the table's width changed;
   *   kinds: the move buttons this game has (draw, pass, end)
   */
  constructor(root, options = {}) {
    this.root = root;
    root.classList.add("demo-board");
    this.view = new TableView(options.onWidth);
    // where ends crowd together, one tap asks which end is meant; a new picture or zoom closes the question
    this.chooser = new EndChooser(this.view.element, this.view.scroller);
    this.view.onZoomChange = () => this.chooser.close();
    this.hand = element("div", { class: "demo-hand", role: "group", "aria-label": t("Your hand") });
    this.moves = element("div", { class: "demo-actions" });
    this.actionButtons = new Map();
    this.setKinds(options.kinds || ["draw", "pass"]);
    // what the app offers while it is not the reader's turn (the game's "Skip to my turn") shares the move
    // buttons' place: the two are never shown at once
    this.waitTools = element("div", { class: "demo-wait-tools" });
    // the app's own controls (hint, undo…) and the zoom buttons: a row of their own, always there
    this.controls = element("div", { class: "demo-controls" });
    const controlRow = element("div", { class: "demo-action-row demo-control-row" });
    controlRow.append(this.controls, this.view.tools);
    // above them: the app's feedback (why a move was refused, a hint, a lesson's result) in a box of fixed
    // height that scrolls, beside the move buttons. On a phone each row keeps its height from turn to turn
    // (the table-mode budget, demo.css), so nothing moves when a turn changes.
    this.message = element("div", { class: "demo-dock__message", tabindex: "-1" });
    const messageBox = element("div", { class: "demo-dock__message-box" });
    messageBox.append(this.message);
    this.messageCue = declareScroller(this.message, { axis: "y", fresh: true });
    const turnRow = element("div", { class: "demo-action-row demo-turn-row" });
    turnRow.append(messageBox, this.moves, this.waitTools);
    // the hand last, at the very bottom: buttons that come and go above it never move a tile under a thumb;
    // a hand too long for its rows scrolls sideways, and its cue counts the tiles out of sight
    const handBox = element("div", { class: "demo-hand-box" });
    handBox.append(this.hand);
    this.handCue = declareScroller(this.hand, { axis: "x", items: ".demo-tile" });
    this.dock = element("div", { class: "demo-dock" });
    this.dock.append(turnRow, controlRow, handBox);
    this.handRows = { key: null, rows: 1 };
    root.replaceChildren(this.view.element, this.dock);
  }

  /** The move buttons, in order: Mexican Train adds "end" (its first turn's train). */
  setKinds(kinds) {
    if (this.kinds && kinds.join() === this.kinds.join()) return;
    this.kinds = kinds;
    this.actionButtons.clear();
    this.moves.replaceChildren(...kinds.map((kind) => {
      const button = element("button", { type: "button", class: "md-button demo-action", "data-move": kind },
        t(ACTION_LABELS[kind]));
      this.actionButtons.set(kind, button);
      return button;
    }));
  }

  /** The table's usable width at zoom 1, in CSS px (what the bridge lays the table out for). */
  get tableWidth() {
    return this.view.width;
  }

  /**
   * @param {{state: {view: object, board_svg: string, hand_svgs: object}, selected: string|null,
   *          pictureKey?: string, frozen?: boolean}} model
   *   pictureKey: what the table shows (a new key starts at zoom 1, centred); frozen: nothing can be played
   * @param {"hand"|"ends"|null} focus where to put focus now; null keeps it where it is (moved to the hand if
   *   the focused control is gone)
   */
  render(model, focus = null) {
    const { state, selected } = model;
    const { view } = state;
    const layout = view.layout;
    const { fits, actions } = legalIndex(view.legal_moves);
    const myTurn = view.is_my_turn && !view.outcome && !model.frozen;
    const focusWasHere = this.root.contains(document.activeElement);
    const focusedMove = document.activeElement?.closest?.("[data-move]")?.dataset.move;

    this.drawTable(state.board_svg, layout, { fits, selected, myTurn, key: model.pictureKey || "" });
    this.drawHand(view.hand, state.hand_svgs, { fits, selected, myTurn, key: model.pictureKey || "" });
    this.setKinds(view.game === "mexican-train" ? ["draw", "pass", "end"] : ["draw", "pass"]);
    // only the moves the reader can make now are offered (a phone's dock has no room for the others)
    for (const [kind, button] of this.actionButtons) {
      const legal = myTurn && actions.has(kind);
      button.classList.toggle("is-legal", legal);
      button.hidden = !legal;
    }
    this.root.dataset.selected = selected || "";
    this.root.dataset.hinted = (selected && model.hinted === selected) ? selected : "";
    this.root.dataset.turn = myTurn ? "mine" : "waiting";
    // focus that was on a move button now gone goes to the hand (never to <body>)
    const lost = focusWasHere && (!this.root.contains(document.activeElement)
      || (focusedMove && this.actionButtons.get(focusedMove)?.hidden));
    this.settleFocus(focus || (lost ? "hand" : null));
  }

  drawTable(markup, layout, { fits, selected, myTurn, key }) {
    this.layout = layout;
    const svg = this.view.show(markup, key);
    // A named group: each tile on it is an image with its own name, and while a hand tile is chosen the ends
    // become buttons.
    svg.setAttribute("role", "group");
    nameTableTiles(svg, layout);
    const doesNotFit = t("does not fit"); // outside the template literal below, where Babel cannot see it
    // each end is one element (a ring, or a group of the ring and its larger invisible hit area)
    for (const end of svg.querySelectorAll("[data-end]")) {
      const endId = end.getAttribute("data-end");
      const fit = selected !== null && Boolean(fits.get(selected)?.has(endId));
      end.classList.add("demo-end");
      end.classList.toggle("is-fit", fit);
      if (selected && myTurn) {
        end.setAttribute("tabindex", "-1");
        end.setAttribute("role", "button");
        end.setAttribute("aria-label", playName(layout, selected, endId) + (fit ? "" : ` (${doesNotFit})`));
      } else {
        end.setAttribute("aria-hidden", "true");
      }
    }
  }

  drawHand(tiles, pictures, { fits, selected, myTurn, key }) {
    const existing = new Map([...this.hand.children].map((button) => [button.dataset.tile, button]));
    const buttons = tiles.map(([a, b]) => {
      const key = `${a}-${b}`;
      const button = existing.get(key) || this.handTile(key);
      const markup = pictures[key];
      if (button.dataset.picture !== markup) this.setPicture(button, markup);
      const playable = myTurn && fits.has(key);
      button.setAttribute("aria-pressed", String(selected === key));
      button.setAttribute("aria-label", playable ? t("{tile}, playable", { tile: tileName(key) }) : tileName(key));
      button.classList.toggle("is-playable", playable);
      button.classList.toggle("is-selected", selected === key);
      return button;
    });
    // keep the buttons that stay (and the focus on one of them); add and drop the others in place
    const keep = new Set(buttons);
    for (const button of [...this.hand.children]) if (!keep.has(button)) button.remove();
    buttons.forEach((button, index) => {
      if (this.hand.children[index] !== button) this.hand.insertBefore(button, this.hand.children[index] || null);
    });
    this.layOutHand(buttons.length, key);
    this.handCue.update();
  }

  handTile(key) {
    return element("button", { type: "button", class: "demo-tile", "data-tile": key, tabindex: "-1" });
  }

  setPicture(button, markup) {
    const picture = parseSvg(markup);
    picture.setAttribute("aria-hidden", "true");
    picture.removeAttribute("role");
    picture.removeAttribute("aria-labelledby");
    picture.removeAttribute("width");
    picture.removeAttribute("height");
    // The button carries the tile's data-tile; the picture's own would make it ambiguous.
    for (const part of picture.querySelectorAll("[data-tile]")) part.removeAttribute("data-tile");
    button.replaceChildren(picture);
    button.dataset.picture = markup;
  }

  // One row when the hand fits the width; two rows, scrolling sideways when even two are not enough. Within
  // one round (or lesson) the hand keeps the most rows it has had: playing the tile that lets the hand fit one
  // row does not move the table.
  layOutHand(count, key) {
    const tile = this.hand.firstElementChild;
    const gap = parseFloat(getComputedStyle(this.hand).columnGap) || 0;
    const pitch = (tile?.offsetWidth || 44) + gap;
    const perRow = Math.max(1, Math.floor(((this.hand.clientWidth || 320) + gap) / pitch));
    const fresh = this.handRows.key !== key;
    const needed = count > perRow ? 2 : 1;
    const rows = fresh ? needed : Math.max(needed, this.handRows.rows);
    this.handRows = { key, rows };
    this.hand.style.setProperty("--hand-columns", String(Math.max(1, Math.ceil(count / rows))));
    this.hand.style.setProperty("--hand-rows", String(rows));
    if (tile?.offsetHeight) this.hand.style.setProperty("--hand-row", `${tile.offsetHeight}px`);
    this.hand.dataset.rows = String(rows);
  }

  /**
   * A tap (or a drop) on a cluster of crowded ends: the ends of it the chosen tile fits. One plays at once;
   * several open the chooser next to the cluster; none plays the end under the finger (which the worker then
   * refuses, saying why, as for any end).
   * @param {Element} cluster the cluster's SVG group
   * @param {string} touched the end whose area was under the finger
   * @param {(end: string) => void} play
   */
  chooseAmong(cluster, touched, play) {
    const tile = this.root.dataset.selected;
    const fitting = [...cluster.querySelectorAll(".demo-end.is-fit")].map((end) => end.getAttribute("data-end"));
    if (!tile || fitting.length <= 1) return play(fitting[0] || touched);
    this.chooser.chooseEnd(cluster, this.layout, tile, fitting, play);
  }

  /** After a tile is chosen: if none of the ends it fits is in view, the table brings the nearest one in. */
  revealFits() {
    this.view.reveal([...this.view.scroller.querySelectorAll(".demo-end.is-fit")]);
  }

  /** One Tab stop in the hand and one among the ends; `focus` says what to focus now. */
  settleFocus(focus) {
    const root = this.root;
    const handItems = [...root.querySelectorAll(".demo-tile")];
    const selected = root.dataset.selected;
    const handStop = handItems.find((b) => b.dataset.tile === selected) ||
      handItems.find((b) => b.classList.contains("is-playable")) || handItems[0];
    if (handStop) rove(handItems, handStop);
    const endItems = [...root.querySelectorAll(".demo-end[role=button]")];
    const endStop = endItems.find((e) => e.classList.contains("is-fit")) || endItems[0];
    if (endStop) rove(endItems, endStop);
    if (focus === "ends" && endStop) endStop.focus();
    else if (focus === "hand") (handStop || this.moves.querySelector(".is-legal") || this.controls.querySelector("button:not([hidden])"))
      ?.focus({ preventScroll: true });
  }
}

/** A roving tabindex: `current` is the group's one Tab stop. */
export function rove(items, current) {
  for (const item of items) item.setAttribute("tabindex", item === current ? "0" : "-1");
}
