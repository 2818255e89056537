// Isometric tile preview: the tile, and the tile placed on an isometric grid (click a
// cell to place or remove; other tiles of the same grid size join as brushes).
//
// Placement (docs/families/isometric.md): the footprint of cell (gx, gy) has its box's
// top-left at ((gx - gy) * G/2, (gx + gy) * G/4); a tile is drawn so its own footprint
// box (footprint_origin on its canvas) lands there. Back to front: by gx + gy, then gx.

import { h } from "../dom.js";
import { ctx2d, dataUrl, fitZoom, imageCanvas, loadImage, pixelCanvas, setZoom, zoomControl } from "../images.js";
import { lastResult } from "../imagefield.js";

const N = 8;

async function placement(app, id, extra) {
  const fromJob = extra.job && extra.job.last_response;
  if (fromJob && fromJob.footprint_origin) return fromJob;
  const answer = await app.api.get(`/playground/isometric-tiles/${id}/placement`);
  return answer.ok ? answer.data : null;
}

export async function render(app, card, data, extra = {}) {
  const id = extra.id;
  const url = dataUrl(data.image.base64, data.image.format);
  const img = await loadImage(url);
  lastResult.url = url;
  lastResult.label = `isometric_${String(id).slice(0, 8)}`;
  const place = await placement(app, id, extra);
  const facts = place
    ? [["canvas", `${place.width}×${place.height}`], ["grid", place.isometric_tile_size], ["shape", place.isometric_tile_shape], ["side", `${place.side_height} px`], ["top", place.top_material], ["sides", place.side_material], ["seed", place.seed]]
    : [["canvas", `${img.naturalWidth}×${img.naturalHeight}`]];
  card.body.append(
    h("p", { class: "facts" }, facts.map(([k, v]) => h("span", {}, `${k} `, h("b", {}, String(v))))),
    h("div", { class: "row" }, h("div", { class: "stack" }, h("div", { class: "section-title" }, "Tile"), h("div", { class: "frame checker" }, imageCanvas(img, fitZoom(img.naturalWidth, 160, 8), { dataset: { testid: "iso-tile" } })))),
  );
  if (place) card.body.append(new IsoGrid(app, card, { id, img, place }).el);
  card.action("PNG", null, { href: url, download: `isometric_${String(id).slice(0, 8)}.png` });
}

class IsoGrid {
  constructor(app, card, first) {
    this.G = first.place.isometric_tile_size;
    this.brushes = [first];
    this.brush = 0;
    this.cells = new Map(); // "gx,gy" -> brush index
    for (let gx = 2; gx < N - 2; gx++) for (let gy = 2; gy < N - 2; gy++) this.cells.set(`${gx},${gy}`, 0);
    this.room = Math.max(320, card.body.clientWidth - 20);
    this.canvas = pixelCanvas(1, 1, 1, { dataset: { testid: "iso-grid" } });
    this.fit();
    this.brushBar = h("span", { class: "toolbar" });
    this.pick = h("select", { title: "Add another isometric tile of this grid size as a brush" }, h("option", { value: "" }, "Add a tile from the history…"));
    this.note = h("span", { class: "caption" });
    this.pick.addEventListener("change", () => this.addFromHistory(app, this.pick.value));
    const fillOptions = (items) => {
      this.pick.replaceChildren(this.pick.options[0]);
      for (const { src, it } of items || []) {
        if (src.family === "isometric" && it.status === "completed" && !this.brushes.some((b) => b.id === it.id)) this.pick.append(h("option", { value: it.id }, src.title(it)));
      }
    };
    fillOptions(app.historyItems);
    app.historyListeners.push((items) => (this.pick.isConnected ? (fillOptions(items), true) : false));
    this.canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    this.canvas.addEventListener("pointerdown", (e) => this.click(e));
    this.el = h(
      "div",
      { class: "stack" },
      h("div", { class: "section-title" }, `On an isometric grid (G = ${this.G}): click to place, right-click to clear`),
      h("div", { class: "toolbar" }, this.brushBar, this.pick, zoomControl(this.zoom, (z) => { this.zoom = z; setZoom(this.canvas, z); })),
      h("div", { class: "scroll" }, h("div", { class: "frame checker" }, this.canvas)),
      this.note,
    );
    this.renderBrushes();
    this.draw();
  }

  /** Size the canvas to the grid and every brush's canvas around its footprint. */
  fit() {
    const G = this.G;
    const half = ((N - 1) * G) / 2; // the grid's reach left and right of cell (0, 0)
    const deep = ((2 * N - 2) * G) / 4; // the last row's offset down
    let x0 = -half;
    let x1 = half + G;
    let y0 = 0;
    let y1 = deep + G / 2;
    for (const { img, place } of this.brushes) {
      const { x: fx, y: fy } = place.footprint_origin;
      x0 = Math.min(x0, -half - fx);
      x1 = Math.max(x1, half - fx + img.naturalWidth);
      y0 = Math.min(y0, -fy);
      y1 = Math.max(y1, deep - fy + img.naturalHeight);
    }
    this.origin = { x: -x0 + 2, y: -y0 + 2 };
    this.width = x1 - x0 + 4;
    this.height = y1 - y0 + 4;
    this.canvas.width = this.width;
    this.canvas.height = this.height;
    if (!this.zoom) this.zoom = fitZoom(this.width, this.room, 6);
    setZoom(this.canvas, this.zoom);
  }

  renderBrushes() {
    this.brushBar.replaceChildren(
      ...this.brushes.map((b, i) =>
        h("button", { type: "button", class: `mini brush${i === this.brush ? " on" : ""}`, onclick: () => { this.brush = i; this.renderBrushes(); } }, imageCanvas(b.img, 1), `tile ${i + 1}`),
      ),
    );
  }

  async addFromHistory(app, id) {
    this.pick.value = "";
    if (!id) return;
    const [tile, place] = await Promise.all([app.api.get(`/v2/isometric-tiles/${id}`), app.api.get(`/playground/isometric-tiles/${id}/placement`)]);
    if (!tile.ok || !place.ok) return (this.note.textContent = (tile.ok ? place : tile).message);
    if (place.data.isometric_tile_size !== this.G) {
      this.note.textContent = `Not added: its grid is ${place.data.isometric_tile_size} px, this one ${this.G} px.`;
      return;
    }
    const img = await loadImage(dataUrl(tile.data.image.base64));
    this.brushes.push({ id, img, place: place.data });
    this.brush = this.brushes.length - 1;
    this.note.textContent = "Added as a brush: click cells to place it.";
    this.renderBrushes();
    this.fit();
    this.draw();
  }

  click(e) {
    e.preventDefault();
    const r = this.canvas.getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * this.width - this.origin.x;
    const py = ((e.clientY - r.top) / r.height) * this.height - this.origin.y;
    const G = this.G;
    const u = (px - G / 2) / (G / 2);
    const v = (py - G / 4) / (G / 4);
    const gx = Math.round((u + v) / 2);
    const gy = Math.round((v - u) / 2);
    if (gx < 0 || gy < 0 || gx >= N || gy >= N) return;
    if (e.button === 2) this.cells.delete(`${gx},${gy}`);
    else this.cells.set(`${gx},${gy}`, this.brush);
    this.draw();
  }

  draw() {
    const G = this.G;
    const ctx = ctx2d(this.canvas);
    ctx.clearRect(0, 0, this.width, this.height);
    // The empty grid: each cell's diamond outline, so free cells are visible.
    ctx.fillStyle = "rgba(255,255,255,0.10)";
    for (let gx = 0; gx < N; gx++) {
      for (let gy = 0; gy < N; gy++) {
        const x = this.origin.x + ((gx - gy) * G) / 2;
        const y = this.origin.y + ((gx + gy) * G) / 4;
        for (let k = 0; k < G / 2; k++) {
          ctx.fillRect(x + k, y + G / 4 - Math.floor(k / 2) - 1, 1, 1);
          ctx.fillRect(x + G - 1 - k, y + G / 4 - Math.floor(k / 2) - 1, 1, 1);
          ctx.fillRect(x + k, y + G / 4 + Math.floor(k / 2), 1, 1);
          ctx.fillRect(x + G - 1 - k, y + G / 4 + Math.floor(k / 2), 1, 1);
        }
      }
    }
    const order = [...this.cells.entries()].map(([k, b]) => [...k.split(",").map(Number), b]);
    order.sort((a, b) => a[0] + a[1] - (b[0] + b[1]) || a[0] - b[0]);
    for (const [gx, gy, b] of order) {
      const { img, place } = this.brushes[b];
      const x = this.origin.x + ((gx - gy) * G) / 2 - place.footprint_origin.x;
      const y = this.origin.y + ((gx + gy) * G) / 4 - place.footprint_origin.y;
      ctx.drawImage(img, x, y);
    }
    this.canvas.dataset.cells = JSON.stringify(Object.fromEntries(this.cells));
  }
}
