// Input: tap, click, drag and keyboard on the board, reported as choices: select "9-4", play {tile: "9-4", end:
// "n"}, play {kind: "draw"} (the app finds the legal move it is, moves.js).
//
// Tap and drag share one pointer path, as in chessground: a press on a hand tile that moves less than
// DRAG_THRESHOLD is a tap (select the tile, then tap an end); one that moves further lifts the tile, which
// follows the finger or the mouse and is played on the end it is dropped on. The hand and the ends are each
// one Tab stop (a roving tabindex, board.js); arrow keys move within them, Enter or Space chooses, Escape
// puts a chosen tile back.
import { rove } from "./board.js";

const ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
const DRAG_THRESHOLD = 8; // CSS px: a finger that moves less is tapping
const END_CONTROL = ".demo-end[role=button]";

/**
 * @param {import("./board.js").Board} board the board (its root gets the events)
 * @param {{select: (tile: string|null, how?: {keyboard: boolean}) => void, play: (choice: {tile?: string, end?: string, kind?: string}) => void}} choose
 */
export function attachInput(board, choose) {
  const root = board.root;
  const tiles = () => [...root.querySelectorAll(".demo-tile")];
  const ends = () => [...root.querySelectorAll(END_CONTROL)];
  let swallowClick = false;

  function activateEnd(target) {
    const tile = root.dataset.selected;
    if (tile) choose.play({ tile, end: target.getAttribute("data-end") });
  }

  root.addEventListener("click", (event) => {
    if (swallowClick) { // the click a browser sends after a drag ends on the tile itself
      swallowClick = false;
      return;
    }
    const tile = event.target.closest(".demo-tile");
    // detail 0: Enter or Space, not a pointer; the keyboard then moves on to the ends. A second tap on the
    // chosen tile puts it back, unless a hint chose it: the reader then taps it as the hint said, to play it.
    if (tile) {
      const again = tile.dataset.tile === root.dataset.selected && root.dataset.hinted !== tile.dataset.tile;
      return choose.select(again ? null : tile.dataset.tile, { keyboard: event.detail === 0 });
    }
    const end = event.target.closest("[data-end]");
    // a pointer on crowded ends (a cluster) asks which one is meant; the keyboard reaches each end itself
    const cluster = end?.closest(".is-clustered");
    if (end && cluster && root.dataset.turn === "mine" && root.dataset.selected) {
      const tile = root.dataset.selected;
      return board.chooseAmong(cluster, end.getAttribute("data-end"), (endId) => choose.play({ tile, end: endId }));
    }
    if (end && root.dataset.turn === "mine") return activateEnd(end);
    const action = event.target.closest("[data-move]");
    if (action && action.getAttribute("aria-disabled") !== "true") choose.play({ kind: action.dataset.move });
  });

  root.addEventListener("keydown", (event) => {
    const inHand = event.target.closest(".demo-tile");
    const onEnd = event.target.closest(END_CONTROL);
    if (!inHand && !onEnd) return;
    const items = inHand ? tiles() : ends();
    if (event.key in ARROWS) {
      const next = items[(items.indexOf(inHand || onEnd) + ARROWS[event.key] + items.length) % items.length];
      rove(items, next);
      next.focus({ preventScroll: Boolean(inHand) });
      event.preventDefault();
    } else if (onEnd && (event.key === "Enter" || event.key === " ")) {
      activateEnd(onEnd);
      event.preventDefault();
    } else if (event.key === "Escape" && root.dataset.selected) {
      choose.select(null, { keyboard: true });
      event.preventDefault();
    }
  });

  // a new press is a new gesture: the drag's leftover click can no longer come
  root.addEventListener("pointerdown", () => { swallowClick = false; }, true);
  attachDrag(board, choose, () => { swallowClick = true; setTimeout(() => { swallowClick = false; }, 400); });
}

// Dragging a hand tile onto an end. The tile is chosen when the drag begins, so the ends it fits light up
// as for a tap; nothing scrolls while it moves.
function attachDrag(board, choose, afterDrag) {
  const root = board.root;
  let press = null;

  function endUnder(x, y) {
    const target = document.elementFromPoint(x, y)?.closest("[data-end]");
    return target && root.contains(target) ? target.getAttribute("data-end") : null;
  }

  // The end under the tile lights up; over a cluster of crowded ends, the ones of it the tile fits.
  function markTarget(endId) {
    if (press.over === endId) return;
    press.over = endId;
    for (const part of root.querySelectorAll(".is-drop-target")) part.classList.remove("is-drop-target");
    if (!endId) return;
    const end = root.querySelector(`[data-end="${CSS.escape(endId)}"]`);
    const cluster = end?.closest(".is-clustered");
    const lit = cluster ? cluster.querySelectorAll(".demo-end.is-fit") : [];
    for (const part of lit.length ? lit : [end]) part?.classList.add("is-drop-target");
  }

  function lift(event) {
    const { button } = press;
    press.dragging = true;
    button.setPointerCapture?.(event.pointerId);
    const ghost = document.createElement("div");
    ghost.className = "demo-drag-ghost";
    ghost.setAttribute("aria-hidden", "true");
    const picture = button.querySelector("svg")?.cloneNode(true);
    if (picture) ghost.append(picture);
    const box = button.getBoundingClientRect();
    ghost.style.width = `${box.width}px`;
    document.body.append(ghost);
    press.ghost = ghost;
    press.offset = { x: box.width / 2, y: box.height / 2 };
    root.classList.add("is-dragging");
    choose.select(press.tile, { keyboard: false, dragging: true });
  }

  function follow(x, y) {
    press.ghost.style.transform = `translate(${x - press.offset.x}px, ${y - press.offset.y}px)`;
    markTarget(endUnder(x, y));
  }

  function finish(drop) {
    const done = press;
    press = null;
    if (!done?.dragging) return;
    done.ghost.remove();
    root.classList.remove("is-dragging");
    for (const part of root.querySelectorAll(".is-drop-target")) part.classList.remove("is-drop-target");
    afterDrag();
    if (!drop || !done.over || root.dataset.turn !== "mine") return;
    const cluster = root.querySelector(`[data-end="${CSS.escape(done.over)}"]`)?.closest(".is-clustered");
    if (cluster) board.chooseAmong(cluster, done.over, (endId) => choose.play({ tile: done.tile, end: endId }));
    else choose.play({ tile: done.tile, end: done.over });
  }

  root.addEventListener("pointerdown", (event) => {
    if (press || (event.pointerType === "mouse" && event.button !== 0)) return;
    const button = event.target.closest(".demo-tile");
    if (!button || root.dataset.turn !== "mine") return;
    press = { tile: button.dataset.tile, button, id: event.pointerId, x: event.clientX, y: event.clientY,
      dragging: false, over: null };
  });
  root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
      lift(event);
    }
    follow(event.clientX, event.clientY);
    event.preventDefault();
  });
  root.addEventListener("pointerup", (event) => {
    if (press && event.pointerId === press.id) {
      if (press.dragging) markTarget(endUnder(event.clientX, event.clientY));
      finish(true);
    }
  });
  root.addEventListener("pointercancel", (event) => {
    if (press && event.pointerId === press.id) finish(false);
  });
}
