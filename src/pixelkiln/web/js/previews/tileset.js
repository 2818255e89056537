// Tileset preview: a map to paint (autotiled with the set's corner rules; connected
// sets join it), the sheet, every tile as a PNG, and the PNG/Tiled/Godot exports.

import { h } from "../dom.js";
import { ctx2d, dataUrl, fitZoom, imageCanvas, loadImage, pixelCanvas } from "../images.js";
import { Palette, SetIndex } from "./autotile.js";
import { MapPainter } from "./tilemap.js";

/** Decode a tileset answer's tiles: {data, images: name -> img}. */
export async function loadSet(data) {
  const images = {};
  await Promise.all(
    data.tileset.tiles.map(async (t) => {
      images[t.name] = await loadImage(dataUrl(t.image.base64, t.image.format));
    }),
  );
  return new SetIndex(data, images);
}

/** Remember every set's terrain ids, so a set connected to it finds its parent. */
function remember(app, set) {
  app.terrainOwners = app.terrainOwners || new Map();
  for (const id of Object.values(set.data.metadata.terrain_ids || {})) app.terrainOwners.set(id, set);
}

export async function render(app, card, data, extra = {}) {
  const set = await loadSet(data);
  remember(app, set);
  const meta = data.metadata;
  const params = meta.generation_parameters || {};
  const t = set.tile;
  const title = set.side ? meta.terrain_prompts.lower : `${meta.terrain_prompts.lower} → ${meta.terrain_prompts.upper}`;
  card.setSubtitle(`${title} · ${data.id}`);

  const palette = new Palette();
  palette.add(set);
  // A set made with lower_/upper_base_tile_id is painted with its parent at once.
  const body = extra.body || {};
  for (const field of ["lower_base_tile_id", "upper_base_tile_id"]) {
    const parent = body[field] && app.terrainOwners.get(body[field]);
    if (parent && parent.id !== set.id) palette.add(parent);
  }

  const room = Math.max(320, card.body.clientWidth - 8);
  const painter = new MapPainter(palette, { room });
  card.body.append(
    h(
      "p",
      { class: "facts" },
      fact("kind", set.side ? "sidescroller" : params.mode || "top-down"),
      fact("tiles", `${data.tileset.total_tiles} × ${t} px`),
      fact("layout", set.tall ? "tall wall (25)" : "corner Wang (16)"),
      fact("terrains", data.tileset.terrain_types.join(" / ")),
      params.seed !== undefined ? fact("seed", params.seed) : null,
      palette.sets.length > 1 ? fact("painted with", `${palette.sets.length - 1} connected set`) : null,
    ),
    h("div", { class: "section-title" }, "Map: paint it"),
    painter.el,
    h("div", { class: "row" }, sheetView(set), tilesView(set)),
    connectView(app, set, palette, painter),
  );
  downloads(app, card, data);
}

function fact(name, value) {
  return h("span", {}, `${name} `, h("b", {}, String(value)));
}

/** The sheet: tiles at their original_position; hover names a tile, click saves it. */
function sheetView(set) {
  const t = set.tile;
  const rows = 1 + Math.max(...set.tiles.map((x) => x.original_position.row));
  const cols = 1 + Math.max(...set.tiles.map((x) => x.original_position.col));
  const zoom = fitZoom(cols * t, 256, 4);
  const canvas = pixelCanvas(cols * t, rows * t, zoom, { dataset: { testid: "sheet" }, title: "Click a tile to save it as a PNG" });
  const ctx = ctx2d(canvas);
  for (const tile of set.tiles) ctx.drawImage(set.images[tile.name], tile.original_position.col * t, tile.original_position.row * t);
  const caption = h("div", { class: "caption" }, "Hover a tile");
  const at = (e) => {
    const r = canvas.getBoundingClientRect();
    const col = Math.floor(((e.clientX - r.left) / r.width) * cols);
    const row = Math.floor(((e.clientY - r.top) / r.height) * rows);
    return set.tiles.find((x) => x.original_position.row === row && x.original_position.col === col);
  };
  canvas.addEventListener("mousemove", (e) => {
    const tile = at(e);
    caption.textContent = tile ? `${tile.name}: ${tile.description || ""}` : "";
  });
  canvas.addEventListener("click", (e) => {
    const tile = at(e);
    if (tile) h("a", { href: dataUrl(tile.image.base64), download: `${tile.name}.png` }).click();
  });
  return h("div", { class: "stack" }, h("div", { class: "section-title" }, "Sheet"), h("div", { class: "frame checker" }, canvas), caption);
}

/** Every tile, each a PNG download. */
function tilesView(set) {
  const zoom = Math.max(1, Math.round(32 / set.tile));
  return h(
    "div",
    { class: "stack", style: { flex: "1" } },
    h("div", { class: "section-title" }, "Tiles (click to save a PNG)"),
    h(
      "div",
      { class: "tile-strip" },
      set.tiles.map((tile) =>
        h(
          "a",
          { class: "tile-cell", href: dataUrl(tile.image.base64), download: `${tile.name}.png`, title: tile.description || tile.name, dataset: { tile: tile.name } },
          h("span", { class: "checker" }, imageCanvas(set.images[tile.name], zoom)),
          tile.name.replace(/^wang_/, "").replace(/^wall_/, "w"),
        ),
      ),
    ),
  );
}

function downloads(app, card, data) {
  const base = `/v2/tilesets/${data.id}`;
  const stem = `tileset_${data.id.slice(0, 8)}`;
  card.action("Sheet PNG", () => app.api.download(`${base}?format=png`, `${stem}.png`), { dataset: { download: "png" } });
  card.action("Tiled (.tsx)", () => app.api.download(`${base}?format=tiled`, `${stem}_tiled.zip`), { dataset: { download: "tiled" } });
  card.action("Godot 4 (.tres)", () => app.api.download(`${base}?format=godot`, `${stem}_godot.zip`), { dataset: { download: "godot" } });
  card.action("JSON", () => {
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
    h("a", { href: URL.createObjectURL(blob), download: `${stem}.json` }).click();
  });
}

/** Connected sets: start one on a terrain of this set, or paint a set from the history. */
function connectView(app, set, palette, painter) {
  const ids = set.data.metadata.terrain_ids || {};
  const prompts = set.data.metadata.terrain_prompts || {};
  const path = set.side ? "/tilesets-sidescroller" : "/tilesets";
  const size = { width: set.tile, height: set.tile };
  const start = (field, id, prompt) => () => {
    const values = { [field]: id, tile_size: size };
    if (!set.side) values.mode = set.data.metadata.generation_parameters.mode || "standard";
    if (field === "lower_base_tile_id") values.lower_description = prompt;
    else values.upper_description = prompt;
    app.open(path, values);
    app.toast(`The form now connects a new set to “${prompt}”: describe the other terrain and generate.`);
  };
  const buttons = [];
  if (!set.tall) {
    if (ids.upper) buttons.push(h("button", { type: "button", class: "mini", onclick: start("lower_base_tile_id", ids.upper, prompts.upper) }, `New set from “${prompts.upper}” outward`));
    if (ids.lower) buttons.push(h("button", { type: "button", class: "mini", onclick: start(set.side ? "lower_base_tile_id" : "upper_base_tile_id", ids.lower, prompts.lower) }, `New set onto “${prompts.lower}”`));
  }
  const select = h("select", { class: "paint-with", title: "Add a set that shares a terrain with this map" }, h("option", { value: "" }, "Paint with another set…"));
  const note = h("span", { class: "caption" });
  const fillOptions = (items) => {
    const keep = select.value;
    select.replaceChildren(select.options[0] || h("option", { value: "" }, "Paint with another set…"));
    for (const { src, it } of items || []) {
      if (src.family !== "tileset" || it.id === set.id || it.status !== "completed") continue;
      if (!it.tile_size || it.tile_size.width !== set.tile) continue;
      select.append(h("option", { value: it.id }, src.title(it)));
    }
    select.value = keep;
  };
  fillOptions(app.historyItems);
  app.historyListeners.push((items) => (select.isConnected ? (fillOptions(items), true) : false));
  select.addEventListener("change", async () => {
    const id = select.value;
    select.value = "";
    if (!id) return;
    const answer = await app.api.get(`/v2/tilesets/${id}`);
    if (!answer.ok) return (note.textContent = answer.message);
    const other = await loadSet(answer.data);
    const why = palette.add(other);
    note.textContent = why ? `Not added: ${why}.` : "Added: its terrains are new brushes.";
    if (!why) painter.refresh();
  });
  if (set.tall) return h("div", { class: "toolbar" }, note);
  return h("div", { class: "stack" }, h("div", { class: "section-title" }, "Connected sets"), h("div", { class: "toolbar" }, buttons, select), note);
}
