// The ends of the table the rooms server drew for this seat, as targets for the tile chosen in the hand: the
// engine's own SVG carries each end of this seat's legal moves as a <g data-end> with a hit area at least a
// finger wide (engine/svg.py), and ends too close for a finger each inside one <g data-cluster>. Like the
// game's board (board.js, input.js), the ends the chosen tile fits become buttons (Tab reaches each, Enter or
// Space plays), a tap on one plays it, and a tap on a cluster of crowded ends asks which one is meant
// (end-chooser.js). The move sent is always one of the legal moves the server sent (moves.js).
import { nameTableTiles, playName } from "./names.js";
import { EndChooser, markClusters } from "./end-chooser.js";

export class TableEnds {
  /**
   * @param {HTMLElement} box the table's box (positioned; the chooser opens over it)
   * @param {(end: string) => void} onEnd an end the chosen tile fits was chosen
   */
  constructor(box, onEnd) {
    this.box = box;
    this.onEnd = onEnd;
    this.chooser = new EndChooser(box, box);
    this.tile = null; // the chosen tile ("9-4"), whose fitting ends are buttons
    box.addEventListener("click", (event) => this.onClick(event));
    box.addEventListener("keydown", (event) => {
      const end = event.target.closest?.(".demo-end[role=button]");
      if (end && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        this.onEnd(end.getAttribute("data-end"));
      }
    });
  }

  get svg() {
    return this.box.querySelector("svg");
  }

  /** A new picture: its tiles get their names, as on the game's table. */
  named(layout) {
    const svg = this.svg;
    if (!svg) return;
    nameTableTiles(svg, layout);
  }

  /**
   * Marks the ends `fits` (a Set of end ids, or null: no tile chosen) for `tile` on the table of `layout`.
   * Crowded ends stay one target (a cluster) while the picture is shown smaller than the size at which each
   * end's own area is a finger wide (the engine's data-scale, in CSS px per tile unit).
   */
  mark(layout, tile, fits) {
    this.chooser.close();
    this.layout = layout;
    this.tile = fits ? tile : null;
    const svg = this.svg;
    if (!svg) return;
    svg.setAttribute("role", "group"); // its tiles and ends are named one by one
    for (const end of svg.querySelectorAll("[data-end]")) {
      const id = end.getAttribute("data-end");
      const fit = Boolean(fits?.has(id));
      end.classList.add("demo-end");
      end.classList.toggle("is-fit", fit);
      if (fit) {
        end.setAttribute("role", "button");
        end.setAttribute("tabindex", "0");
        end.setAttribute("aria-label", playName(layout, tile, id));
        end.removeAttribute("aria-hidden");
      } else {
        for (const name of ["role", "tabindex", "aria-label"]) end.removeAttribute(name);
        end.setAttribute("aria-hidden", "true");
      }
    }
    const drawnWidth = Number(svg.getAttribute("width")) || 0;
    const shownWidth = svg.getBoundingClientRect().width;
    const tilePx = (Number(svg.getAttribute("data-tile-px")) || 0) * (drawnWidth ? shownWidth / drawnWidth : 1);
    markClusters(svg, tilePx);
  }

  /** The first end the chosen tile fits (the keyboard goes there after choosing a tile). */
  firstFit() {
    return this.box.querySelector(".demo-end.is-fit[role=button]");
  }

  onClick(event) {
    const end = event.target.closest?.("[data-end]");
    if (!end || !this.tile) return;
    const cluster = end.closest(".is-clustered");
    const fitting = cluster ? [...cluster.querySelectorAll(".demo-end.is-fit")].map((e) => e.getAttribute("data-end")) : [];
    if (fitting.length > 1) {
      this.chooser.chooseEnd(cluster, this.layout, this.tile, fitting, (id) => this.onEnd(id));
      return;
    }
    const id = fitting[0] || end.getAttribute("data-end");
    if (end.classList.contains("is-fit") || fitting.length === 1) this.onEnd(id);
  }
}
