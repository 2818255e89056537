// Corner autotiling of Wang tilesets, as a game's autotiler does it.
//
// A map is a vertex grid: (rows + 1) x (cols + 1) terrains for rows x cols cells. Each
// cell shows the tile whose corners NW, NE, SW, SE match its four vertices (wang_N with
// N = NW*8 + NE*4 + SW*2 + SE*1, a bit set where the corner is upper). Tall-wall sets
// (25 tiles) derive the wall: a lower vertex whose north neighbour is upper is
// `transition`; the four twins are told apart by their pattern_4x4 (rows 0 and 3).
// Several sets that share a terrain (a connected set and its parent) paint one map: a
// cell between terrains X and Y takes its tile from the set joining X and Y.

const CODE = { lower: 0, upper: 1, transition: 2 };
const WILDCARD = 255;

/** A vertex grid of terrain indices. */
export class VertexMap {
  constructor(cols, rows, fill = 0) {
    this.cols = cols;
    this.rows = rows;
    this.v = new Int16Array((rows + 1) * (cols + 1)).fill(fill);
  }
  at(i, j) {
    const r = Math.max(0, Math.min(this.rows, i));
    const c = Math.max(0, Math.min(this.cols, j));
    return this.v[r * (this.cols + 1) + c];
  }
  put(i, j, t) {
    if (i < 0 || j < 0 || i > this.rows || j > this.cols) return;
    this.v[i * (this.cols + 1) + j] = t;
  }
  /** Paint a whole cell: its four corners. */
  paintCell(i, j, t) {
    this.put(i, j, t);
    this.put(i, j + 1, t);
    this.put(i + 1, j, t);
    this.put(i + 1, j + 1, t);
  }
  resized(cols, rows, fill) {
    const out = new VertexMap(cols, rows, fill);
    for (let i = 0; i <= Math.min(rows, this.rows); i++) for (let j = 0; j <= Math.min(cols, this.cols); j++) out.put(i, j, this.at(i, j));
    return out;
  }
  /** Blobs: a smoothed random field cut at its median into terrains a / b. */
  randomize(a, b, rand = Math.random) {
    const w = this.cols + 1;
    let f = Array.from(this.v, () => rand());
    for (let pass = 0; pass < 3; pass++) {
      f = f.map((_, k) => {
        const i = Math.floor(k / w);
        const j = k % w;
        let sum = 0;
        let n = 0;
        for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) {
          const ii = i + di;
          const jj = j + dj;
          if (ii < 0 || jj < 0 || ii > this.rows || jj >= w) continue;
          sum += f[ii * w + jj];
          n++;
        }
        return sum / n;
      });
    }
    const median = [...f].sort((x, y) => x - y)[Math.floor(f.length / 2)];
    f.forEach((x, k) => (this.v[k] = x > median ? b : a));
  }
}

function cornerKey(nw, ne, sw, se) {
  return `${nw}${ne}${sw}${se}`;
}

/** One set's tiles indexed by their corners. */
export class SetIndex {
  constructor(data, images) {
    this.data = data;
    this.id = data.id;
    this.images = images; // tile name -> HTMLImageElement
    this.tiles = data.tileset.tiles;
    this.tile = data.tileset.tile_size.width;
    this.side = data.metadata.view === "side";
    this.tall = this.tiles.some((t) => Object.values(t.corners).includes("transition"));
    this.byCorners = new Map();
    for (const t of this.tiles) {
      const c = t.corners;
      const key = cornerKey(CODE[c.NW], CODE[c.NE], CODE[c.SW], CODE[c.SE]);
      if (!this.byCorners.has(key)) this.byCorners.set(key, []);
      this.byCorners.get(key).push(t);
    }
    const solid = (code) => (this.byCorners.get(cornerKey(code, code, code, code)) || [])[0];
    this.solid = { lower: solid(0), upper: solid(1) };
  }

  /** The tile for corner codes (0 lower, 1 upper, 2 transition); `label(i, j)` gives the
   * codes around the cell for pattern_4x4 rows 0 and 3 (the tall-wall twins). */
  pick(codes, label, i, j) {
    const candidates = this.byCorners.get(cornerKey(...codes));
    if (!candidates) return null;
    if (candidates.length === 1) return candidates[0];
    return candidates.find((t) => matchesPattern(t.pattern_4x4, label, i, j)) || null;
  }
}

/** Whether a tile's pattern_4x4 holds around cell (i, j): row r, column c is the vertex
 * (i - 1 + r, j - 1 + c); 255 matches anything. */
export function matchesPattern(pattern, label, i, j) {
  for (let r = 0; r < 4; r++) {
    const row = pattern[`row_${r}`];
    for (let c = 0; c < 4; c++) {
      if (row[c] === WILDCARD) continue;
      if (label(i - 1 + r, j - 1 + c) !== row[c]) return false;
    }
  }
  return true;
}

/**
 * The terrains and sets painted on one map. Terrains are told apart by their solid
 * tile's pixels: a connected set's shared terrain is drawn from the same spec, so its
 * all-lower (or all-upper) tile is byte-identical to the parent's.
 */
export class Palette {
  constructor() {
    this.terrains = []; // {key, label, image, tile}
    this.sets = []; // SetIndex with .lower and .upper terrain indices
  }

  terrainOf(tile, label, image) {
    const key = tile ? tile.image.base64 : `none:${label}`;
    let index = this.terrains.findIndex((t) => t.key === key);
    if (index < 0) {
      this.terrains.push({ key, label, image, tile });
      index = this.terrains.length - 1;
    }
    return index;
  }

  /** Add a set; returns "" or why it cannot join this map. */
  add(set) {
    if (this.sets.some((s) => s.id === set.id)) return "this set is already on the map";
    if (this.sets.length) {
      const first = this.sets[0];
      if (set.tall || first.tall) return "tall-wall sets paint alone";
      if (set.tile !== first.tile) return `its tiles are ${set.tile} px, the map's ${first.tile} px`;
      if (set.side !== first.side) return "sidescroller and top-down sets do not mix";
      const keys = new Set(this.terrains.map((t) => t.key));
      const shared = [set.solid.lower, set.solid.upper].filter((t) => t && keys.has(t.image.base64));
      if (!shared.length) return "it shares no terrain with this map (connect it with lower_base_tile_id or upper_base_tile_id)";
      if (shared.length === 2) return "it joins the same two terrains as a set already on the map";
    }
    const prompts = set.data.metadata.terrain_prompts || {};
    const name = (role) => (set.side ? (role === "lower" ? `platform: ${prompts.lower}` : "air") : prompts[role] || role);
    set.lower = this.terrainOf(set.solid.lower, name("lower"), set.solid.lower && set.images[set.solid.lower.name]);
    set.upper = this.terrainOf(set.solid.upper, name("upper"), set.solid.upper && set.images[set.solid.upper.name]);
    this.sets.push(set);
    return "";
  }

  /**
   * Every cell's tile: [[{set, tile} | null]] (null: no set draws those corners). A
   * tall-wall map derives its wall vertices first.
   */
  resolve(map) {
    const first = this.sets[0];
    const cells = [];
    if (first.tall) {
      const painted = (i, j) => (map.at(i, j) === first.upper ? 1 : 0);
      const label = (i, j) => {
        const p = painted(i, j);
        return p === 0 && i > 0 && painted(i - 1, j) === 1 ? 2 : p;
      };
      for (let i = 0; i < map.rows; i++) {
        const row = [];
        for (let j = 0; j < map.cols; j++) {
          const codes = [label(i, j), label(i, j + 1), label(i + 1, j), label(i + 1, j + 1)];
          const tile = first.pick(codes, label, i, j);
          row.push(tile ? { set: first, tile } : null);
        }
        cells.push(row);
      }
      return cells;
    }
    for (let i = 0; i < map.rows; i++) {
      const row = [];
      for (let j = 0; j < map.cols; j++) {
        const corners = [map.at(i, j), map.at(i, j + 1), map.at(i + 1, j), map.at(i + 1, j + 1)];
        row.push(this.cell(corners));
      }
      cells.push(row);
    }
    return cells;
  }

  cell(corners) {
    const distinct = [...new Set(corners)];
    if (distinct.length > 2) return null;
    const set =
      distinct.length === 1
        ? this.sets.find((s) => s.lower === distinct[0] || s.upper === distinct[0])
        : this.sets.find((s) => distinct.includes(s.lower) && distinct.includes(s.upper));
    if (!set) return null;
    const codes = corners.map((t) => (t === set.upper && t !== set.lower ? 1 : 0));
    const tile = set.pick(codes, () => WILDCARD, 0, 0);
    return tile ? { set, tile } : null;
  }
}

// Tall-wall repair: lower plateau vertices until every cell has a tile (what
// engine/wang/maps.py repair_tallwall does).
const COLUMN = { "1,1": "A", "1,2": "B", "2,0": "C", "0,0": "D", "0,1": "E" };
const EXCLUDED = new Set(["BE", "EB", "CE", "EC"]);

/** Fix a tall-wall map in place: `upper`/`lower` are the terrain indices. */
export function repairTallwall(map, lower, upper) {
  const painted = (i, j) => (map.at(i, j) === upper ? 1 : 0);
  const label = (i, j) => {
    const p = painted(i, j);
    return p === 0 && i > 0 && painted(i - 1, j) === 1 ? 2 : p;
  };
  for (let guard = 0; guard < map.v.length; guard++) {
    let fixed = false;
    for (let i = 0; i < map.rows && !fixed; i++) {
      for (let j = 0; j <= map.cols && !fixed; j++) {
        if (label(i, j) === 2 && label(i + 1, j) === 1) {
          map.put(i + 1, j, lower);
          fixed = true;
        }
      }
    }
    for (let i = 0; i < map.rows && !fixed; i++) {
      for (let j = 0; j < map.cols && !fixed; j++) {
        const left = COLUMN[`${label(i, j)},${label(i + 1, j)}`];
        const right = COLUMN[`${label(i, j + 1)},${label(i + 1, j + 1)}`];
        if (EXCLUDED.has(`${left}${right}`)) {
          if (left === "E") map.put(i + 1, j, lower);
          else map.put(i + 1, j + 1, lower);
          fixed = true;
        }
      }
    }
    if (!fixed) return;
  }
}
