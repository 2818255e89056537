// Pro tiles preview: the tiles in their structural order (tile_i, name, mask), and a
// map built from tile_rules that you can edit: roads laid as a street grid, a corner
// terrain set as a lake, a hex coastline as an island, a building kit assembled.

import { h } from "../dom.js";
import { ctx2d, fitZoom, imageCanvas, loadImage, pixelCanvas, setZoom, zoomControl } from "../images.js";
import { lastResult } from "../imagefield.js";
import { bestCoastMask, Lattice } from "./lattice.js";

const EDGE4 = ["N", "E", "S", "W"];
const CORNER4 = ["SE", "SW", "NE", "NW"];

function maskWords(rules, mask) {
  if (mask === undefined) return "stamp-only";
  if (rules.rule_type === "corner") return `${mask}: ${CORNER4.filter((_, b) => mask & (1 << b)).reverse().join(" ") || "none"}`;
  if (rules.arity === 4) return `${mask}: ${EDGE4.filter((_, b) => mask & (1 << b)).join(" ") || "none"}`;
  return `${mask}: edges ${[0, 1, 2, 3, 4, 5].filter((b) => mask & (1 << b)).join(",") || "none"}`;
}

export async function render(app, card, data, extra = {}) {
  const id = extra.id;
  const keys = Object.keys(data.storage_urls);
  const imgs = await Promise.all(keys.map((k) => loadImage(data.storage_urls[k])));
  const images = Object.fromEntries(keys.map((k, i) => [k, imgs[i]]));
  lastResult.url = data.storage_urls[keys[0]];
  lastResult.label = `tiles_pro_${keys[0]}`;
  const layoutAnswer = await app.api.get(`/playground/tiles-pro/${id}/layout`);
  const layout = layoutAnswer.ok ? layoutAnswer.data : { names: [], kind: data.kind };
  const rules = data.tile_rules;
  card.body.append(
    h(
      "p",
      { class: "facts" },
      [["kind", data.kind], ["tiles", keys.length], ["type", layout.tile_type || "?"], ["canvas", layout.canvas ? `${layout.canvas.width}×${layout.canvas.height}` : "?"], rules ? ["rules", `${rules.rule_type}/${rules.arity}, ${rules.connectivity}`] : null, rules ? ["terrains", (rules.terrains || []).join(" / ")] : null]
        .filter(Boolean)
        .map(([k, v]) => h("span", {}, `${k} `, h("b", {}, String(v)))),
    ),
  );
  if (layout.face && (rules || keys.length > 1)) {
    const maker = MAPS[rules ? data.kind : "tiles"];
    if (maker) card.body.append(new ProMap(card, layout, rules, images, maker).el);
  }
  card.body.append(tileGrid(keys, images, data, layout, rules));
}

/** The tiles in set order, each a PNG download, with its name and mask. */
function tileGrid(keys, images, data, layout, rules) {
  const biggest = Math.max(...keys.map((k) => images[k].naturalWidth));
  const zoom = fitZoom(biggest, 72, 4);
  return h(
    "div",
    { class: "stack" },
    h("div", { class: "section-title" }, "Tiles in set order (the order is load-bearing; click to save a PNG)"),
    h(
      "div",
      { class: "tile-strip", dataset: { testid: "pro-tiles" } },
      keys.map((k, i) =>
        h(
          "a",
          { class: "tile-cell", href: data.storage_urls[k], download: `${k}.png`, title: `${k} ${layout.names[i] || ""}` },
          h("span", { class: "checker" }, imageCanvas(images[k], zoom)),
          h("b", {}, k),
          layout.names[i] ? h("span", {}, layout.names[i]) : null,
          rules ? h("span", {}, maskWords(rules, rules.tiles[k])) : null,
        ),
      ),
    ),
  );
}

/** A tile_rules map: cells on the lattice, a state per cell, tiles chosen by mask. */
class ProMap {
  constructor(card, layout, rules, images, maker) {
    this.lattice = new Lattice(layout);
    this.layout = layout;
    this.rules = rules;
    this.images = images;
    this.byMask = new Map();
    const masks = rules ? rules.tiles : {};
    for (const [k, m] of Object.entries(masks)) if (!this.byMask.has(m)) this.byMask.set(m, k);
    this.stamps = Object.keys(images).filter((k) => !(k in masks));
    this.maker = maker(this);
    this.room = Math.max(320, card.body.clientWidth - 20);
    this.canvas = pixelCanvas(1, 1, 1, { dataset: { testid: "pro-map" } });
    this.caption = h("div", { class: "caption" }, this.maker.help);
    this.canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    this.canvas.addEventListener("pointerdown", (e) => this.click(e));
    this.zoomEl = h("span");
    this.el = h(
      "div",
      { class: "stack" },
      h("div", { class: "section-title" }, this.maker.title),
      h("div", { class: "toolbar" }, this.zoomEl, h("button", { type: "button", class: "mini", onclick: () => { this.maker.reset(); this.draw(); } }, "Reset")),
      h("div", { class: "scroll" }, h("div", { class: "frame checker" }, this.canvas)),
      this.caption,
    );
    this.draw(true);
  }

  tile(key) {
    return { img: this.images[key] };
  }

  draw(first = false) {
    const { layers, cells } = this.maker.layers();
    const plan = this.lattice.compose(layers, cells);
    this.plan = plan;
    this.canvas.width = plan.width;
    this.canvas.height = plan.height;
    if (first) {
      this.zoom = fitZoom(plan.width, this.room, 4);
      this.zoomEl.replaceChildren(zoomControl(this.zoom, (z) => { this.zoom = z; setZoom(this.canvas, z); }));
    }
    setZoom(this.canvas, this.zoom);
    const ctx = ctx2d(this.canvas);
    ctx.clearRect(0, 0, plan.width, plan.height);
    plan.draw(ctx);
    this.canvas.dataset.map = JSON.stringify(this.maker.state());
  }

  click(e) {
    e.preventDefault();
    const r = this.canvas.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * this.canvas.width;
    const y = ((e.clientY - r.top) / r.height) * this.canvas.height;
    const key = this.lattice.nearest(this.plan.centres, y, x);
    if (key) {
      this.maker.click(key, e.button === 2);
      this.draw();
    }
  }
}

function grid(rows, cols) {
  const keys = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) keys.push(`${r},${c}`);
  return keys;
}

const hash = (key) => key.split(",").reduce((a, v) => (a * 31 + Number(v) * 17 + 7) % 101, 3);

/** Roads: a street grid on plain ground; click a cell to add or remove road. */
function roads(map) {
  const iso = map.layout.tile_type === "isometric";
  const rows = iso ? 9 : 8;
  const cols = iso ? 9 : 10;
  const keys = grid(rows, cols);
  let road;
  const reset = () => {
    road = new Map(keys.map((k) => {
      const [r, c] = k.split(",").map(Number);
      return [k, r === 2 || r === (iso ? 6 : 5) || c === 3 || c === (iso ? 6 : 7)];
    }));
  };
  reset();
  return {
    title: "Roads laid as a street grid (masks from tile_rules; click a cell to add or remove road)",
    help: "Every road cell shows the tile whose edge mask (N=1, E=2, S=4, W=8) joins its road neighbours.",
    reset,
    click: (key) => road.set(key, !road.get(key)),
    layers() {
      const masks = map.lattice.edgeMasks(road, rows, cols);
      const ground = new Map();
      for (const k of keys) {
        const tile = road.get(k) ? map.byMask.get(masks.get(k)) : map.stamps[hash(k) % 5 === 0 ? 1 % map.stamps.length : 0];
        if (tile) ground.set(k, map.tile(tile));
      }
      this.masks = masks;
      return { layers: [{ cells: ground }], cells: keys };
    },
    state() {
      return Object.fromEntries(keys.map((k) => [k, road.get(k) ? map.byMask.get(this.masks.get(k)) : "ground"]));
    },
  };
}

/** A corner terrain set: a lake in the first terrain; click paints a cell's corners
 * with the second terrain (right-click: the first). */
function terrain(map) {
  const rows = 8;
  const cols = map.layout.tile_type === "isometric" ? 8 : 10;
  const keys = grid(rows, cols);
  const W = cols + 1;
  let v;
  const reset = () => {
    v = new Array((rows + 1) * W).fill(1);
    for (let i = 2; i <= rows - 2; i++) for (let j = 3; j <= cols - 3; j++) v[i * W + j] = 0;
    v[2 * W + 3] = 1;
    v[(rows - 2) * W + cols - 3] = 1;
    v[(rows - 1) * W + 5] = 0;
  };
  reset();
  const [first, second] = map.rules.terrains || ["first", "second"];
  return {
    title: `A ${second} pool in ${first} (corner masks NW<<3 | NE<<2 | SW<<1 | SE; click paints ${second}, right-click ${first})`,
    help: "The map is a grid of corners; each cell shows the tile whose corner mask matches its four corners.",
    reset,
    click(key, alt) {
      const [r, c] = key.split(",").map(Number);
      for (const [i, j] of [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]]) v[i * W + j] = alt ? 1 : 0;
    },
    mask(k) {
      const [r, c] = k.split(",").map(Number);
      return (v[r * W + c] << 3) | (v[r * W + c + 1] << 2) | (v[(r + 1) * W + c] << 1) | v[(r + 1) * W + c + 1];
    },
    layers() {
      const cells = new Map();
      for (const k of keys) {
        const tile = map.byMask.get(this.mask(k));
        if (tile) cells.set(k, map.tile(tile));
      }
      return { layers: [{ cells }], cells: keys };
    },
    state() {
      return Object.fromEntries(keys.map((k) => [k, map.byMask.get(this.mask(k)) || null]));
    },
  };
}

/** A hex coastline: an island; click toggles land. */
function coastline(map) {
  const rows = 7;
  const cols = 9;
  const keys = grid(rows, cols);
  const known = new Set(map.byMask.keys());
  let land;
  const reset = () => {
    land = new Map(keys.map((k) => {
      const [y, x] = map.lattice.position(...k.split(",").map(Number));
      const cy = (y + map.lattice.fh / 2) / map.lattice.fh;
      const cx = (x + map.lattice.w / 2) / map.lattice.w;
      const d = ((cy - rows / 2) / (rows / 2 - 0.6)) ** 2 + ((cx - 3.6) / 2.9) ** 2 + 0.15 * Math.sin(3 * cx + cy);
      return [k, d < 1];
    }));
  };
  reset();
  const [first, second] = map.rules.terrains || ["land", "water"];
  return {
    title: `An island: ${first} in ${second} (hex edge masks, counter-clockwise; click toggles ${first})`,
    help: "A hex's mask says which of its six edges border land; masks the set lacks take their longest run of land edges.",
    reset,
    click: (key) => land.set(key, !land.get(key)),
    layers() {
      const masks = map.lattice.edgeMasksClosed(land);
      const cells = new Map();
      this.masks = masks;
      for (const k of keys) {
        const mask = land.get(k) ? bestCoastMask(masks.get(k), known) : 0;
        const tile = map.byMask.get(mask);
        if (tile) cells.set(k, map.tile(tile));
      }
      return { layers: [{ cells }], cells: keys };
    },
    state() {
      return Object.fromEntries(keys.map((k) => [k, map.byMask.get(land.get(k) ? bestCoastMask(this.masks.get(k), known) : 0) || null]));
    },
  };
}

const HOUSE = ["            ", " ######D##  ", " #P......#  ", " #.......#  ", " #...S...D# ", " #.......## ", " ####D####  ", "            "];
const CYCLE = [" ", ".", "#", "D", "P", "S"];

/** A building kit: a house from its pieces, over its floor; click cycles a cell
 * (outside, floor, wall, door, pillar, stairs). */
function building(map) {
  const names = Object.fromEntries(map.layout.names.map((n, i) => [n, `tile_${i}`]));
  const offset = map.layout.offset || [0, 0];
  let plan;
  const reset = () => {
    plan = HOUSE.map((row) => row.split(""));
  };
  reset();
  const rows = HOUSE.length;
  const cols = HOUSE[0].length;
  const keys = grid(rows, cols);
  const floor = names.floor && { img: map.images[names.floor], sx: -offset[1], sy: -offset[0] };
  return {
    title: "A house assembled from the kit (walls joined by their edge masks; click cycles outside → floor → wall → door → pillar → stairs)",
    help: "Walls and doorways connect toward neighbouring walls; floor, pillar and stairs are stamp-only pieces.",
    reset,
    click(key) {
      const [r, c] = key.split(",").map(Number);
      plan[r][c] = CYCLE[(CYCLE.indexOf(plan[r][c]) + 1) % CYCLE.length];
    },
    layers() {
      const member = new Map(keys.map((k) => {
        const [r, c] = k.split(",").map(Number);
        return [k, plan[r][c] === "#" || plan[r][c] === "D"];
      }));
      const masks = map.lattice.edgeMasksClosed(member);
      const ground = new Map();
      const walls = new Map();
      this.pieces = {};
      for (const k of keys) {
        const [r, c] = k.split(",").map(Number);
        const ch = plan[r][c];
        if (ch !== " " && floor) ground.set(k, floor);
        let piece = null;
        if (ch === "#") piece = map.byMask.get(masks.get(k)) && `wall_${masks.get(k)}`;
        else if (ch === "D") piece = masks.get(k) === 10 ? "doorway_we" : "doorway_ns";
        else if (ch === "P") piece = "pillar";
        else if (ch === "S") piece = "staircase";
        if (piece && names[piece]) walls.set(k, map.tile(names[piece]));
        this.pieces[k] = piece || (ch === " " ? null : "floor");
      }
      return { layers: [{ cells: ground }, { cells: walls, offset }], cells: keys };
    },
    state() {
      return this.pieces;
    },
  };
}

/** Variations (no rules): a field of them mixed on the lattice, to see them tile;
 * click a cell for the next variation. */
function variations(map) {
  const tiles = Object.keys(map.images);
  const rows = 6;
  const cols = map.layout.tile_type === "isometric" ? 6 : 8;
  const keys = grid(rows, cols);
  let pick;
  const reset = () => {
    pick = new Map(keys.map((k) => [k, hash(k) % tiles.length]));
  };
  reset();
  return {
    title: "The tiles mixed on their lattice (click a cell for the next one)",
    help: "Tiles of one set share their edges, so any mix joins without a seam.",
    reset,
    click: (key) => pick.set(key, (pick.get(key) + 1) % tiles.length),
    layers: () => ({ layers: [{ cells: new Map(keys.map((k) => [k, map.tile(tiles[pick.get(k)])])) }], cells: keys }),
    state: () => Object.fromEntries(keys.map((k) => [k, tiles[pick.get(k)]])),
  };
}

const MAPS = { paths: roads, tileset: terrain, coastline, building, tiles: variations };
