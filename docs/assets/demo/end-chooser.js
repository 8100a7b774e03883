// The end chooser: where ends lie too close together for a finger each, the engine groups them into one tap
// target (a cluster, engine/hit_areas.py), as a map groups crowded markers. Tapping the cluster (or dropping
// a tile on it) opens this small menu next to it: one big button per end the chosen tile fits, named as the
// board names the ends; the end's ring lights up while its button is hovered or focused. Escape, a tap
// outside or a pan of the table closes it; a button plays the move.
import { sentence, t } from "./strings.js";
import { element } from "./dom.js";
import { endName, numberName, openNumber, playName, tileName } from "./names.js";

const GAP = 6; // CSS px between the cluster and the menu
const PAN = 24; // CSS px the table may scroll under an open menu before it closes

/** Ends too close for a finger each stay one target (a cluster) while a CSS px per tile unit of the shown
 * picture is under the size from which each end's own area is a finger wide (the engine's data-scale). */
export function markClusters(svg, tilePx) {
  for (const cluster of svg.querySelectorAll("[data-cluster]")) {
    cluster.classList.toggle("is-clustered", !(tilePx >= Number(cluster.dataset.scale)));
  }
}

export class EndChooser {
  /**
   * @param {HTMLElement} host the positioned box the menu lies over (the table view)
   * @param {HTMLElement} scroller the table's scrolling box: a pan closes the menu
   */
  constructor(host, scroller) {
    this.host = host;
    this.scroller = scroller;
    this.menu = null;
    this.onOutside = (event) => {
      if (this.menu && !this.menu.contains(event.target)) this.close();
    };
    // a pan of the table moves the cluster away from the menu (a scroll already under way when it opened,
    // or a pixel's jitter, does not count)
    this.onScroll = () => {
      const { scrollLeft, scrollTop } = this.scroller;
      if (Math.hypot(scrollLeft - this.scrolled.left, scrollTop - this.scrolled.top) > PAN) this.close();
    };
  }

  get isOpen() {
    return Boolean(this.menu);
  }

  /** Opens the menu of the `ends` of `cluster` that `tile` fits on the table of `layout`, each named as the
   * board names it, with the number it asks for. */
  chooseEnd(cluster, layout, tile, ends, onChoose) {
    this.open(cluster, ends.map((end) => {
      const detail = t("Number to match: {number}", { number: numberName(openNumber(layout, end)) });
      return { end, name: sentence(endName(layout, end)), detail, label: `${playName(layout, tile, end)}, ${detail}` };
    }), t("Where do you play {tile}?", { tile: tileName(tile) }), onChoose);
  }

  /**
   * @param {Element} cluster the cluster's SVG group (the menu goes next to it)
   * @param {{end: string, name: string, detail: string, label: string}[]} options one per end, in order
   * @param {string} title the menu's accessible name
   * @param {(end: string) => void} onChoose
   */
  open(cluster, options, title, onChoose) {
    this.close();
    const svg = cluster.ownerSVGElement;
    const light = (end, on) => {
      for (const ring of svg.querySelectorAll(`[data-end="${CSS.escape(end)}"]`)) ring.classList.toggle("is-drop-target", on);
    };
    const menu = element("div", { class: "demo-chooser", role: "group", "aria-label": title });
    menu.append(element("p", { class: "demo-chooser__title", "aria-hidden": "true" }, title));
    for (const option of options) {
      const button = element("button", { type: "button", class: "demo-chooser__end", "data-choose-end": option.end,
        "aria-label": option.label });
      button.append(element("span", { class: "demo-chooser__name" }, option.name),
        element("span", { class: "demo-chooser__detail" }, option.detail));
      button.addEventListener("click", () => {
        this.close();
        onChoose(option.end);
      });
      for (const [type, on] of [["pointerenter", true], ["focus", true], ["pointerleave", false], ["blur", false]]) {
        button.addEventListener(type, () => light(option.end, on));
      }
      menu.append(button);
    }
    menu.append(element("button", { type: "button", class: "demo-chooser__close", "aria-label": t("Close") }, "×"));
    menu.lastElementChild.addEventListener("click", () => this.close(true));
    menu.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.stopPropagation(); // the chosen tile stays chosen
        event.preventDefault();
        this.close(true);
      }
    });
    this.host.append(menu);
    this.menu = menu;
    this.lit = () => options.forEach((option) => light(option.end, false));
    this.place(ringsBox(cluster));
    this.returnFocus = document.activeElement;
    menu.querySelector(".demo-chooser__end")?.focus({ preventScroll: true });
    // the press that opened the menu is over (it opens on a click or a drop): listen for the next one now
    this.scrolled = { left: this.scroller.scrollLeft, top: this.scroller.scrollTop };
    document.addEventListener("pointerdown", this.onOutside, true);
    this.scroller.addEventListener("scroll", this.onScroll, { passive: true });
  }

  // Below the rings if it fits in the view, else above them, else against the view's edge farther from
  // them (so they stay in sight, lit as the buttons are focused); always within the view's width.
  place(target) {
    const view = this.host.getBoundingClientRect();
    const menu = this.menu;
    const width = menu.offsetWidth, height = menu.offsetHeight;
    const left = Math.min(Math.max(target.left + target.width / 2 - width / 2, view.left + GAP), view.right - width - GAP);
    let top = target.bottom + GAP;
    if (top + height > view.bottom - GAP) top = target.top - GAP - height;
    if (top < view.top + GAP) {
      const low = (target.top + target.bottom) / 2 > (view.top + view.bottom) / 2;
      top = low ? view.top + GAP : view.bottom - GAP - height;
    }
    menu.style.left = `${Math.max(left - view.left, 0)}px`;
    menu.style.top = `${Math.max(top - view.top, 0)}px`;
  }

  /** @param {boolean} restoreFocus put the focus back where it was (the reader closed the menu) */
  close(restoreFocus = false) {
    if (!this.menu) return;
    const hadFocus = this.menu.contains(document.activeElement);
    this.lit?.();
    this.menu.remove();
    this.menu = null;
    document.removeEventListener("pointerdown", this.onOutside, true);
    this.scroller.removeEventListener("scroll", this.onScroll);
    if (hadFocus && (restoreFocus || !document.activeElement || document.activeElement === document.body)) {
      (this.returnFocus?.isConnected ? this.returnFocus : this.host.closest(".demo-board")?.querySelector(".demo-tile"))
        ?.focus({ preventScroll: true });
    }
  }
}

/** The box around a cluster's rings (its hit areas reach well beyond them). */
function ringsBox(cluster) {
  const boxes = [...cluster.querySelectorAll("circle")].map((ring) => ring.getBoundingClientRect());
  if (!boxes.length) return cluster.getBoundingClientRect();
  const left = Math.min(...boxes.map((b) => b.left)), right = Math.max(...boxes.map((b) => b.right));
  const top = Math.min(...boxes.map((b) => b.top)), bottom = Math.max(...boxes.map((b) => b.bottom));
  return { left, right, top, bottom, width: right - left, height: bottom - top };
}
