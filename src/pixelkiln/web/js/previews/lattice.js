// Placing Pro tiles on their lattice (the rules of engine/tiles_pro/layout.py): cell
// positions per tile type, neighbours found by screen offset (so one rule serves
// squares, diamonds and hexes), edge masks, and back-to-front composition in layers.

const mod = (a, n) => ((a % n) + n) % n;

export class Lattice {
  /** `layout`: the /playground/tiles-pro/{id}/layout answer (face, neighbours). */
  constructor(layout) {
    this.type = layout.tile_type;
    this.w = layout.face.width;
    this.fh = layout.face.height;
    this.neighbours = layout.neighbours || [];
  }

  /** Screen position [y, x] of cell (r, c)'s canvas top-left. */
  position(r, c) {
    const { w, fh } = this;
    switch (this.type) {
      case "isometric":
        return [(c + r) * Math.floor(w / 4), (c - r) * Math.floor(w / 2)];
      case "hex":
        return [r * fh + mod(c, 2) * Math.floor(fh / 2), c * Math.floor((3 * w) / 4)];
      case "hex_pointy":
        return [r * Math.floor((3 * fh) / 4), c * w + mod(r, 2) * Math.floor(w / 2)];
      default:
        return [r * fh, c * fh];
    }
  }

  /** For each cell key "r,c" of `keys`: the key across each edge (mask order) or null. */
  neighbourKeys(keys) {
    const at = new Map();
    for (const k of keys) {
      const [r, c] = k.split(",").map(Number);
      at.set(this.position(r, c).join(","), k);
    }
    const out = new Map();
    for (const k of keys) {
      const [r, c] = k.split(",").map(Number);
      const [y, x] = this.position(r, c);
      out.set(k, this.neighbours.map(([dy, dx]) => at.get(`${y + dy},${x + dx}`) ?? null));
    }
    return out;
  }

  /** Edge masks of member cells: bit k set when the cell across edge k is a member.
   * `member` maps "r,c" to true/false; cells off the map count as their nearest cell
   * (roads and walls run on past the edge). */
  edgeMasks(member, rows, cols) {
    const padded = new Map();
    for (let r = -1; r <= rows; r++) {
      for (let c = -1; c <= cols; c++) {
        const rr = Math.min(Math.max(r, 0), rows - 1);
        const cc = Math.min(Math.max(c, 0), cols - 1);
        padded.set(`${r},${c}`, Boolean(member.get(`${rr},${cc}`)));
      }
    }
    const nbrs = this.neighbourKeys([...padded.keys()]);
    const out = new Map();
    for (const [k, on] of member) {
      if (!on) continue;
      out.set(k, nbrs.get(k).reduce((m, n, bit) => (n !== null && padded.get(n) ? m | (1 << bit) : m), 0));
    }
    return out;
  }

  /** Edge masks without the open border: off-map cells are not members. */
  edgeMasksClosed(member) {
    const nbrs = this.neighbourKeys([...member.keys()]);
    const out = new Map();
    for (const [k, on] of member) {
      if (!on) continue;
      out.set(k, nbrs.get(k).reduce((m, n, bit) => (n !== null && member.get(n) ? m | (1 << bit) : m), 0));
    }
    return out;
  }

  /**
   * Draw layers of tiles back to front. `layers`: [{cells: Map "r,c" -> {img, sx, sy}},
   * offset: [dy, dx]}]. Returns {width, height, draw(ctx), centres} where `centres`
   * maps each cell to its face centre on the canvas (for clicks).
   */
  compose(layers, cells) {
    const spots = [];
    layers.forEach((layer, k) => {
      const [dy, dx] = layer.offset || [0, 0];
      for (const [key, t] of layer.cells) {
        const [r, c] = key.split(",").map(Number);
        const [y, x] = this.position(r, c);
        const w = t.img.naturalWidth - (t.sx || 0);
        const h = t.img.naturalHeight - (t.sy || 0);
        spots.push({ k, y, x, dy: y + dy, dx: x + dx, w, h, t });
      }
    });
    const all = [...spots];
    for (const key of cells) {
      const [r, c] = key.split(",").map(Number);
      const [y, x] = this.position(r, c);
      all.push({ dy: y, dx: x, w: this.w, h: this.fh });
    }
    const y0 = Math.min(...all.map((s) => s.dy));
    const x0 = Math.min(...all.map((s) => s.dx));
    const width = Math.max(...all.map((s) => s.dx + s.w)) - x0;
    const height = Math.max(...all.map((s) => s.dy + s.h)) - y0;
    spots.sort((a, b) => a.k - b.k || a.y - b.y || a.x - b.x);
    const centres = new Map();
    for (const key of cells) {
      const [r, c] = key.split(",").map(Number);
      const [y, x] = this.position(r, c);
      centres.set(key, [y - y0 + this.fh / 2, x - x0 + this.w / 2]);
    }
    return {
      width,
      height,
      centres,
      draw: (ctx) => {
        for (const s of spots) {
          const { img, sx = 0, sy = 0 } = s.t;
          ctx.drawImage(img, sx, sy, s.w, s.h, s.dx - x0, s.dy - y0, s.w, s.h);
        }
      },
    };
  }

  /** The cell whose face centre is nearest a canvas point (diamonds: by their metric). */
  nearest(centres, y, x) {
    let best = null;
    let bestD = Infinity;
    for (const [key, [cy, cx]] of centres) {
      const ddx = (x - cx) / this.w;
      const ddy = (y - cy) / this.fh;
      const d = this.type === "isometric" ? Math.abs(ddx) + Math.abs(ddy) : ddx * ddx + ddy * ddy;
      if (d < bestD) {
        bestD = d;
        best = key;
      }
    }
    return best;
  }
}

/** The coast tile for any 6-bit mask: itself if the set has it, else its longest run of
 * land edges (a one-hex strait or isthmus has no tile of its own). */
export function bestCoastMask(mask, known) {
  if (known.has(mask)) return mask;
  let best = 0;
  let bestLen = 0;
  for (let start = 0; start < 6; start++) {
    let len = 0;
    while (len < 6 && (mask >> ((start + len) % 6)) & 1) len++;
    if (len > bestLen) {
      bestLen = len;
      best = 0;
      for (let k = 0; k < len; k++) best |= 1 << ((start + k) % 6);
    }
  }
  return best;
}
