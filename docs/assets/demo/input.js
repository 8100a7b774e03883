// Input: click, tap and keyboard on the board, reported as choices ("select 9-4", "play 9-4@n", "draw").
// The hand and the ends are each one Tab stop (a roving tabindex); arrow keys move within them, Enter or
// Space chooses, Escape puts a chosen tile back.

const ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

function rove(items, current) {
  for (const item of items) item.setAttribute("tabindex", item === current ? "0" : "-1");
}

/**
 * @param {HTMLElement} root the board's root (renderBoard's target)
 * @param {{select: (tile: string|null) => void, play: (move: string) => void}} choose
 */
export function attachInput(root, choose) {
  const tiles = () => [...root.querySelectorAll(".demo-tile")];
  const ends = () => [...root.querySelectorAll(".demo-end[role=button]")];

  function activateEnd(target) {
    const tile = root.dataset.selected;
    if (tile) choose.play(`${tile}@${target.getAttribute("data-end")}`);
  }

  root.addEventListener("click", (event) => {
    const tile = event.target.closest(".demo-tile");
    if (tile) return choose.select(tile.dataset.tile === root.dataset.selected ? null : tile.dataset.tile);
    const end = event.target.closest(".demo-end[role=button]");
    if (end) return activateEnd(end);
    const action = event.target.closest("[data-move]");
    if (action && !action.disabled) choose.play(action.dataset.move);
  });

  root.addEventListener("keydown", (event) => {
    const inHand = event.target.closest(".demo-tile");
    const onEnd = event.target.closest(".demo-end[role=button]");
    if (!inHand && !onEnd) return;
    const items = inHand ? tiles() : ends();
    if (event.key in ARROWS) {
      const next = items[(items.indexOf(event.target.closest(inHand ? ".demo-tile" : ".demo-end")) +
        ARROWS[event.key] + items.length) % items.length];
      rove(items, next);
      next.focus();
      event.preventDefault();
    } else if (onEnd && (event.key === "Enter" || event.key === " ")) {
      activateEnd(onEnd);
      event.preventDefault();
    } else if (event.key === "Escape" && root.dataset.selected) {
      choose.select(null);
      event.preventDefault();
    }
  });
}

/** After each render: one Tab stop in the hand and one among the ends; `focus` says what to focus now. */
export function settleFocus(root, focus) {
  const handItems = [...root.querySelectorAll(".demo-tile")];
  const selected = root.dataset.selected;
  const handStop = handItems.find((b) => b.dataset.tile === selected) ||
    handItems.find((b) => b.classList.contains("is-playable")) || handItems[0];
  if (handStop) rove(handItems, handStop);
  const endItems = [...root.querySelectorAll(".demo-end[role=button]")];
  const endStop = endItems.find((e) => e.classList.contains("is-fit")) || endItems[0];
  if (endStop) rove(endItems, endStop);
  if (focus === "ends" && endStop) endStop.focus();
  else if (focus === "hand" && handStop) handStop.focus();
}
