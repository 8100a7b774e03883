// The table's viewport: the engine's picture of the table at its own size (the bridge lays it out for the
// width this view reports), in a box that pans (one finger, scroll bars, the arrow keys) and zooms (two
// fingers, the + − ⤢ buttons, the + − 0 keys). Like chessground's board, it fills its container and says
// when the container's width changes (debounced), so the picture can be drawn again for the new width. The
// default zoom fits a tall picture to the view's height while its tiles stay at least MIN_TILE_PX.
import { t } from "./strings.js";
import { element } from "./dom.js";
import { parseSvg } from "./svg-markup.js";
import { markClusters } from "./end-chooser.js";

const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 4;
const RESIZE_SETTLE_MS = 200; // a rotating phone or a dragged window sends many sizes: report the last one
const MAX_UNSIZED_SCALE = 3; // a picture without a size: at most 3 CSS px per SVG unit (a tile about 60 px)
const MIN_TILE_PX = 20; // a table tile's short side at the default zoom never goes below this (engine/svg.py)
const MAX_FIT_ZOOM = 1.5; // how much larger than the engine drew it a small table may be shown by default

function zoomButton(text, label, className) {
  return element("button", { type: "button", class: `demo-zoom ${className}`, "aria-label": label, title: label }, text);
}

export class TableView {
  /** @param {(width: number) => void} onWidth told the usable width (CSS px) once settled, and on every change */
  constructor(onWidth = () => {}) {
    this.onWidth = onWidth;
    this.onZoomChange = () => {}; // told after every new picture or zoom
    this.zoom = 1;
    this.fullWindow = false;
    this.size = null; // the picture's CSS size at zoom 1
    this.pictureKey = null; // what the picture shows (a new round or lesson starts centred)
    this.scroller = element("div", { class: "demo-table", tabindex: "0", role: "region", "aria-label": t("The table") });
    this.canvas = element("div", { class: "demo-table__canvas" });
    this.scroller.append(this.canvas);
    const zoomIn = zoomButton("+", t("Zoom in"), "demo-zoom--in");
    const zoomOut = zoomButton("−", t("Zoom out"), "demo-zoom--out");
    const fit = zoomButton("⤢", t("Fit the table to the screen"), "demo-zoom--fit");
    zoomIn.addEventListener("click", () => this.zoomBy(ZOOM_STEP));
    zoomOut.addEventListener("click", () => this.zoomBy(1 / ZOOM_STEP));
    fit.addEventListener("click", () => { this.userZoomed = false; this.setZoom(this.fitZoom); });
    this.zoomButtons = { zoomIn, zoomOut, fit };
    // the zoom buttons go where the caller puts them (under the table, not over it: over it they would hide
    // the tiles and ends beneath them at the default zoom, when there is nothing to pan)
    this.tools = element("div", { class: "demo-zoom-tools", role: "group", "aria-label": t("Zoom") });
    this.tools.append(zoomIn, zoomOut, fit);
    this.element = element("div", { class: "demo-table-view" });
    this.element.append(this.scroller);
    this.watchPinch();
    this.scroller.addEventListener("keydown", (event) => this.onKey(event));
    this.lastWidth = 0;
    this.lastHeight = 0;
    this.resizeTimer = null;
    new ResizeObserver(() => {
      this.widthMayHaveChanged();
      this.heightMayHaveChanged();
      // whether there is something to pan is known only once the view is laid out (a picture shown before the
      // view is in the page: the practice board), and changes with the view's size
      this.element.classList.toggle("is-captive", this.captive);
    }).observe(this.scroller);
  }

  /** The width the picture may take at zoom 1, in CSS px. */
  get width() {
    return Math.floor(this.scroller.clientWidth);
  }

  widthMayHaveChanged() {
    const width = this.width;
    if (!width || width === this.lastWidth) return;
    const first = this.lastWidth === 0;
    this.lastWidth = width;
    clearTimeout(this.resizeTimer);
    if (first) return; // the app asks for its first picture with this width itself
    this.resizeTimer = setTimeout(() => this.onWidth(this.width), RESIZE_SETTLE_MS);
  }

  // The table's share of the window changed (a round's result came or went, the window was resized): the
  // default zoom follows it, so a finished round's table stays whole above its result; a zoom the reader
  // chose stays.
  heightMayHaveChanged() {
    const height = Math.floor(this.scroller.clientHeight);
    if (!height || height === this.lastHeight) return;
    this.lastHeight = height;
    if (!this.svg || this.userZoomed) return;
    const zoom = this.fitZoom;
    if (Math.abs(zoom - this.zoom) < 0.005) return;
    this.zoom = zoom;
    this.applyZoom();
    this.centre();
  }

  /**
   * Shows a new picture of the table. `key` names what it shows (a round, a lesson): a new key starts at
   * the default zoom, centred; the same key keeps the reader's scroll, and their zoom if they chose one.
   * @returns {SVGSVGElement}
   */
  show(markup, key) {
    const svg = parseSvg(markup);
    const width = Number(svg.getAttribute("width"));
    const height = Number(svg.getAttribute("height"));
    // the engine's promise: tiles are this big at zoom 1, and never smaller than MIN_TILE_PX there
    this.tilePx = Number(svg.getAttribute("data-tile-px")) || null;
    if (width > 0 && height > 0) {
      this.size = { width, height };
    } else {
      // no size from the engine: fill the width, never beyond MAX_UNSIZED_SCALE
      const box = svg.viewBox.baseVal;
      const scale = Math.min((this.width || 320) / box.width, MAX_UNSIZED_SCALE);
      this.size = { width: box.width * scale, height: box.height * scale };
    }
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    const fresh = key !== this.pictureKey;
    this.pictureKey = key;
    const left = this.scroller.scrollLeft, top = this.scroller.scrollTop;
    this.canvas.replaceChildren(svg);
    this.svg = svg;
    if (fresh) this.userZoomed = false;
    if (!this.userZoomed) this.zoom = this.fitZoom;
    this.applyZoom();
    if (fresh) this.centre();
    else {
      this.scroller.scrollLeft = left;
      this.scroller.scrollTop = top;
    }
    return svg;
  }

  /**
   * The default zoom: the picture as the engine sized it for the view's width, shrunk to the view's height
   * when it is taller, as long as its tiles stay at least MIN_TILE_PX (then the reader pans up and down); a
   * small table on a large screen is drawn larger, up to MAX_FIT_ZOOM.
   */
  get fitZoom() {
    const { clientWidth: width, clientHeight: height } = this.scroller;
    // only a full-window view has a height of its own; elsewhere the view is as tall as the picture
    if (!this.fullWindow || !this.size || !width || !height) return 1;
    const fits = Math.min(width / this.size.width, height / this.size.height);
    if (fits >= 1) return Math.min(fits, MAX_FIT_ZOOM);
    if (!this.tilePx) return 1;
    return Math.min(1, Math.max(fits, MIN_TILE_PX / this.tilePx));
  }

  applyZoom() {
    if (this.svg && this.size) {
      this.svg.style.width = `${this.size.width * this.zoom}px`;
      this.svg.style.height = `${this.size.height * this.zoom}px`;
      // aria-disabled, not disabled: a disabled button would drop the keyboard focus to <body>
      this.zoomButtons.zoomIn.setAttribute("aria-disabled", String(this.zoom >= MAX_ZOOM));
      this.zoomButtons.zoomOut.setAttribute("aria-disabled", String(this.zoom <= MIN_ZOOM));
      this.element.dataset.zoom = this.zoom.toFixed(2);
      // Ends too close for a finger each are one target (a cluster) until the reader zooms in far enough for
      // each end's own area: the engine says from how many CSS px per tile unit (data-scale).
      markClusters(this.svg, (this.tilePx || 0) * this.zoom);
      this.onZoomChange();
    }
    this.element.classList.toggle("is-captive", this.captive);
  }

  /** Whether the picture is larger than the view: there is something to pan. */
  get pans() {
    const s = this.scroller;
    return s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1;
  }

  centre() {
    const s = this.scroller;
    s.scrollLeft = (s.scrollWidth - s.clientWidth) / 2;
    s.scrollTop = (s.scrollHeight - s.clientHeight) / 2;
  }

  /**
   * Brings the nearest of `targets` (elements of the picture) into view, if none is in view already: a tile
   * just chosen shows where it plays. Only the table's own box scrolls, never the page.
   */
  reveal(targets) {
    if (!targets.length) return;
    const view = this.scroller.getBoundingClientRect();
    const boxes = targets.map((target) => target.getBoundingClientRect());
    const inView = (b) => b.right > view.left && b.left < view.right && b.bottom > view.top && b.top < view.bottom;
    if (boxes.some(inView)) return;
    const centre = (b) => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });
    const middle = centre(view);
    const nearest = boxes.map(centre).sort((a, b) =>
      Math.hypot(a.x - middle.x, a.y - middle.y) - Math.hypot(b.x - middle.x, b.y - middle.y))[0];
    this.scroller.scrollBy({ left: nearest.x - middle.x, top: nearest.y - middle.y, behavior: "smooth" });
  }

  /** Zoom to `zoom`, keeping the point at (x, y) of the viewport (default: its centre) where it is. */
  setZoom(zoom, x = this.scroller.clientWidth / 2, y = this.scroller.clientHeight / 2) {
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
    if (next === this.zoom) return;
    const s = this.scroller;
    const ratio = next / this.zoom;
    const left = (s.scrollLeft + x) * ratio - x;
    const top = (s.scrollTop + y) * ratio - y;
    this.zoom = next;
    this.applyZoom();
    s.scrollLeft = left;
    s.scrollTop = top;
  }

  zoomBy(factor) {
    this.userZoomed = true;
    this.setZoom(this.zoom * factor);
  }

  onKey(event) {
    if (event.target !== this.scroller || event.ctrlKey || event.metaKey || event.altKey) return;
    const actions = { "+": () => this.zoomBy(ZOOM_STEP), "=": () => this.zoomBy(ZOOM_STEP),
      "-": () => this.zoomBy(1 / ZOOM_STEP), "0": () => { this.userZoomed = false; this.setZoom(this.fitZoom); } };
    if (actions[event.key]) {
      actions[event.key]();
      event.preventDefault();
    }
  }

  // Touch: one finger pans the table, two fingers zoom it around the point between them. The view handles
  // both itself (touch-action: none, set by CSS while the view is captive: full-window, or with something
  // to pan),
  // because a browser that has begun a native pan cancels the pointers a pinch needs. Elsewhere (an
  // embedded frame at zoom 1) one finger scrolls the page around the frame, as readers expect.
  watchPinch() {
    const pointers = new Map();
    let pinch = null;
    const spread = () => {
      const [a, b] = [...pointers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y) || 1;
    };
    this.scroller.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "touch") return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 2) pinch = { spread: spread(), zoom: this.zoom };
    });
    this.scroller.addEventListener("pointermove", (event) => {
      const last = pointers.get(event.pointerId);
      if (!last) return;
      const now = { x: event.clientX, y: event.clientY };
      pointers.set(event.pointerId, now);
      if (pointers.size === 1 && this.captive) {
        this.scroller.scrollLeft -= now.x - last.x;
        this.scroller.scrollTop -= now.y - last.y;
      } else if (pointers.size === 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const box = this.scroller.getBoundingClientRect();
        this.userZoomed = true;
        this.setZoom(pinch.zoom * (spread() / pinch.spread), (a.x + b.x) / 2 - box.left, (a.y + b.y) / 2 - box.top);
      }
    });
    const lift = (event) => {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
    };
    for (const type of ["pointerup", "pointercancel"]) this.scroller.addEventListener(type, lift);
  }

  /** Whether touches on the table belong to it (pan and zoom) rather than to the page around it. */
  get captive() {
    return this.fullWindow || this.pans;
  }

  /** Full-window (table mode): the table keeps every touch, since there is no page to scroll. */
  setFullWindow(on) {
    this.fullWindow = on;
    this.applyZoom();
  }
}
