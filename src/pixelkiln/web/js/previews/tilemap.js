// The tileset map painter: brushes (one per terrain), tools (cell pen, rectangle,
// single corner), the autotiled map at an integer zoom, and its state on data-map.

import { h } from "../dom.js";
import { ctx2d, fitZoom, imageCanvas, pixelCanvas, setZoom, zoomControl } from "../images.js";
import { repairTallwall, VertexMap } from "./autotile.js";

const TOOLS = [
  ["pen", "Pen", "Paint cells (drag to paint more)"],
  ["rect", "Rectangle", "Drag a rectangle of cells"],
  ["corner", "Corner", "Paint the single corner nearest the pointer"],
];

export class MapPainter {
  constructor(palette, { room = 800 } = {}) {
    this.palette = palette;
    const t = palette.sets[0].tile;
    this.tile = t;
    // As many cells as fit the room at a zoom that shows the pixels (3x 16 px, 2x 32 px).
    const target = t <= 16 ? 3 : t <= 32 ? 2 : 1;
    const cols = Math.max(8, Math.min(24, Math.floor(room / (t * target))));
    const rows = Math.max(7, Math.round(cols * 0.6));
    // Top-down maps start as lower terrain; sidescroller maps as air over a ground strip.
    const first = palette.sets[0];
    this.background = first.side ? first.upper : first.lower;
    this.map = new VertexMap(cols, rows, this.background);
    if (first.side) for (let j = 0; j <= cols; j++) for (const i of [rows - 1, rows]) this.map.put(i, j, first.lower);
    this.brush = first.side ? first.lower : first.upper;
    this.tool = "pen";
    this.zoom = fitZoom(cols * t, room, 6);
    this.showGrid = false;
    this.canvas = pixelCanvas(cols * t, rows * t, this.zoom, { dataset: { testid: "tilemap" } });
    this.grid = h("canvas", { class: "grid" });
    this.caption = h("div", { class: "caption", dataset: { testid: "map-caption" } });
    this.brushes = h("span", { class: "toolbar brushes" });
    const side = palette.sets[0].side;
    this.wrap = h("div", { class: `map-wrap ${side ? "sky" : "checker"}` }, this.canvas, this.grid);
    this.el = h(
      "div",
      { class: "stack" },
      h("div", { class: "toolbar" }, this.brushes, h("span", { class: "sep" }), this.toolButtons(), h("span", { class: "sep" }), this.mapButtons()),
      h("div", { class: "scroll" }, this.wrap),
      this.caption,
    );
    this.bindPointer();
    this.renderBrushes();
    this.draw();
  }

  toolButtons() {
    this.toolEls = TOOLS.map(([name, text, title]) =>
      h("button", { type: "button", class: `mini tool${name === this.tool ? " on" : ""}`, dataset: { tool: name }, title, onclick: () => this.setTool(name) }, text),
    );
    return this.toolEls;
  }

  setTool(name) {
    this.tool = name;
    for (const b of this.toolEls) b.classList.toggle("on", b.dataset.tool === name);
  }

  mapButtons() {
    const first = this.palette.sets[0];
    const size = h("select", { class: "map-size", title: "Map size in cells", onchange: (e) => this.resize(...e.target.value.split("x").map(Number)) });
    const sizes = [[8, 6], [12, 8], [16, 10], [20, 12], [24, 16], [32, 20]];
    if (!sizes.some(([c, r]) => c === this.map.cols && r === this.map.rows)) sizes.unshift([this.map.cols, this.map.rows]);
    for (const [c, r] of sizes) {
      size.append(h("option", { value: `${c}x${r}`, selected: c === this.map.cols && r === this.map.rows }, `${c}×${r}`));
    }
    const buttons = [
      h("button", { type: "button", class: "mini", title: "Random blobs of the set's two terrains", onclick: () => this.random() }, "Random"),
      h("button", { type: "button", class: "mini", title: "Back to the background terrain", onclick: () => this.clear() }, "Clear"),
      h("button", { type: "button", class: "mini", title: "Cell grid", onclick: (e) => { this.showGrid = !this.showGrid; e.target.classList.toggle("on", this.showGrid); this.drawGrid(); } }, "Grid"),
      size,
      zoomControl(this.zoom, (z) => { this.zoom = z; setZoom(this.canvas, z); this.drawGrid(); }),
      h("button", { type: "button", class: "mini", title: "Save the map as a PNG", onclick: () => this.save() }, "Save PNG"),
    ];
    if (first.tall) buttons.splice(2, 0, h("button", { type: "button", class: "mini", title: "Lower plateau corners until every cell has a tile", onclick: () => this.repair() }, "Fix walls"));
    return buttons;
  }

  renderBrushes() {
    this.brushes.replaceChildren(
      h("span", { class: "muted" }, "Paint"),
      ...this.palette.terrains.map((t, i) =>
        h(
          "button",
          { type: "button", class: `mini brush${i === this.brush ? " on" : ""}`, dataset: { terrain: i }, title: `${t.label} (right-click paints the background)`, onclick: () => this.setBrush(i) },
          t.image ? imageCanvas(t.image, Math.max(1, Math.round(16 / this.tile))) : null,
          t.label,
        ),
      ),
    );
  }

  setBrush(i) {
    this.brush = i;
    for (const b of this.brushes.querySelectorAll(".brush")) b.classList.toggle("on", Number(b.dataset.terrain) === i);
  }

  /** The palette changed (a connected set joined): new brushes, redraw. */
  refresh() {
    this.renderBrushes();
    this.draw();
  }

  cellAt(event) {
    const rect = this.canvas.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * this.map.cols;
    const y = ((event.clientY - rect.top) / rect.height) * this.map.rows;
    return { i: Math.floor(y), j: Math.floor(x), vi: Math.round(y), vj: Math.round(x) };
  }

  bindPointer() {
    let down = null;
    this.wrap.addEventListener("contextmenu", (e) => e.preventDefault());
    this.wrap.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      this.wrap.setPointerCapture(e.pointerId);
      const terrain = e.button === 2 ? this.background : this.brush;
      down = { start: this.cellAt(e), terrain };
      this.apply(down.start, down.start, terrain, this.tool === "rect");
    });
    this.wrap.addEventListener("pointermove", (e) => {
      const at = this.cellAt(e);
      if (!down) return this.hover(at);
      if (this.tool === "rect") this.drawGrid(down.start, at);
      else this.apply(at, at, down.terrain, false);
    });
    const up = (e) => {
      if (!down) return;
      if (this.tool === "rect") this.apply(down.start, this.cellAt(e), down.terrain, false);
      down = null;
      this.drawGrid();
    };
    this.wrap.addEventListener("pointerup", up);
    this.wrap.addEventListener("pointerleave", () => this.summarize());
    this.wrap.addEventListener("pointercancel", up);
  }

  apply(a, b, terrain, previewOnly) {
    if (previewOnly) return this.drawGrid(a, b);
    if (this.tool === "corner") this.map.put(b.vi, b.vj, terrain);
    else {
      for (let i = Math.min(a.i, b.i); i <= Math.max(a.i, b.i); i++) {
        for (let j = Math.min(a.j, b.j); j <= Math.max(a.j, b.j); j++) {
          if (i >= 0 && j >= 0 && i < this.map.rows && j < this.map.cols) this.map.paintCell(i, j, terrain);
        }
      }
    }
    this.draw();
  }

  hover({ i, j }) {
    const cell = this.cells && this.cells[i] && this.cells[i][j];
    if (cell === undefined) return;
    this.caption.textContent = cell ? `cell (${i}, ${j}): ${cell.tile.name}${this.palette.sets.length > 1 ? ` of set ${this.palette.sets.indexOf(cell.set) + 1}` : ""} — ${cell.tile.description || ""}` : `cell (${i}, ${j}): no tile has these corners`;
  }

  resize(cols, rows) {
    this.map = this.map.resized(cols, rows, this.background);
    this.canvas.width = cols * this.tile;
    this.canvas.height = rows * this.tile;
    setZoom(this.canvas, this.zoom);
    this.draw();
  }

  random() {
    const first = this.palette.sets[0];
    this.map.randomize(first.lower, first.upper);
    if (first.tall) repairTallwall(this.map, first.lower, first.upper);
    this.draw();
  }

  clear() {
    this.map.v.fill(this.background);
    this.draw();
  }

  repair() {
    const first = this.palette.sets[0];
    repairTallwall(this.map, first.lower, first.upper);
    this.draw();
  }

  /** Autotile every cell and draw it; the state goes on the canvas's data-map. */
  draw() {
    const t = this.tile;
    const ctx = ctx2d(this.canvas);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.cells = this.palette.resolve(this.map);
    let missing = 0;
    this.cells.forEach((row, i) =>
      row.forEach((cell, j) => {
        if (cell) {
          ctx.drawImage(cell.set.images[cell.tile.name], j * t, i * t);
        } else {
          missing++;
          ctx.fillStyle = "#ff2bd0";
          for (let k = 0; k < t; k += 4) ctx.fillRect(j * t + k, i * t + k, 2, 2);
        }
      }),
    );
    const sets = this.palette.sets;
    this.canvas.dataset.map = JSON.stringify({
      cols: this.map.cols,
      rows: this.map.rows,
      tile: t,
      sets: sets.map((s) => s.id),
      cells: this.cells.map((row) => row.map((c) => (c ? `${sets.indexOf(c.set)}:${c.tile.name}` : null))),
    });
    this.canvas.dataset.vertices = JSON.stringify(Array.from(this.map.v));
    this.missing = missing;
    this.summarize();
    this.drawGrid();
  }

  /** The caption when the pointer is not over a cell: the map's state. */
  summarize() {
    const sets = this.palette.sets;
    const missing = this.missing;
    this.caption.className = missing ? "caption warn" : "caption";
    this.caption.textContent = missing
      ? `${missing} cell${missing > 1 ? "s" : ""} (pink) have corners no tile draws${sets[0].tall ? ": a wall needs ground under its foot (Fix walls)" : ""}.`
      : `${this.map.cols}×${this.map.rows} cells, every one autotiled from its corners. Drag to paint; right-click paints ${this.palette.terrains[this.background].label}.`;
  }

  /** Grid lines and the rectangle being dragged, on a canvas at screen resolution. */
  drawGrid(a = null, b = null) {
    const z = this.zoom;
    const t = this.tile * z;
    this.grid.width = this.canvas.width * z;
    this.grid.height = this.canvas.height * z;
    const ctx = this.grid.getContext("2d");
    if (this.showGrid) {
      ctx.strokeStyle = "rgba(255,255,255,0.25)";
      ctx.beginPath();
      for (let x = 0; x <= this.map.cols; x++) ctx.rect(x * t - 0.5, -1, 1, this.grid.height + 2);
      for (let y = 0; y <= this.map.rows; y++) ctx.rect(-1, y * t - 0.5, this.grid.width + 2, 1);
      ctx.stroke();
    }
    if (a && b) {
      ctx.strokeStyle = "#ff9d4d";
      ctx.lineWidth = 2;
      const i0 = Math.min(a.i, b.i);
      const j0 = Math.min(a.j, b.j);
      ctx.strokeRect(j0 * t + 1, i0 * t + 1, (Math.abs(b.j - a.j) + 1) * t - 2, (Math.abs(b.i - a.i) + 1) * t - 2);
    }
  }

  save() {
    this.canvas.toBlob((blob) => {
      const a = h("a", { href: URL.createObjectURL(blob), download: "tileset-map.png" });
      a.click();
    });
  }
}
