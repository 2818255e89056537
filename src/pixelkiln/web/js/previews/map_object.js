// Map objects: followed at GET /v2/map-objects/{id} (423 + Retry-After while drawn), then
// the transparent PNG, the inpainted scene when there is one, and the object placed on a
// painted tileset map: pick one of your tilesets, paint the ground, drag the object.

import { fetchDone } from "../api.js";
import { h } from "../dom.js";
import { ctx2d, fitZoom, imageCanvas, loadImage, pixelCanvas, setZoom } from "../images.js";
import { Palette } from "./autotile.js";
import { loadSet } from "./tileset.js";
import { MapPainter } from "./tilemap.js";

export async function render(app, card, data, extra = {}) {
  const id = data.object_id || extra.id;
  if (!id) return card.fail("The answer names no map object.");
  card.setSubtitle(`map object · ${id}`);
  card.el.dataset.id = id;
  card.setState("processing");
  const answer = await fetchDone(
    app.api,
    `/v2/map-objects/${id}`,
    (ms) => card.setState("processing", { note: `drawing (423): asking again in ${ms / 1000} s` }),
    () => card.cancelled,
  );
  if (!answer.ok) return card.fail(answer.message);
  card.setState("completed");
  const m = answer.data;
  const img = await loadImage(m.download_url);
  const room = Math.max(320, card.body.clientWidth - 20);
  const zoom = fitZoom(img.naturalWidth, Math.min(room / 2, 384), 6);
  const views = [h("div", { class: "stack" }, h("div", { class: "section-title" }, "Map object"), h("div", { class: "frame checker" }, imageCanvas(img, zoom, { dataset: { testid: "map-object" } })))];
  if (m.composite_url) {
    const scene = await loadImage(m.composite_url);
    views.push(h("div", { class: "stack" }, h("div", { class: "section-title" }, "Drawn into the background"), h("div", { class: "frame" }, imageCanvas(scene, zoom, { dataset: { testid: "composite" } }))));
  }
  card.body.append(
    h(
      "p",
      { class: "facts" },
      [["size", `${m.width}×${m.height}`], ["view", m.view], ["expires", new Date(m.expires_at).toLocaleString()], ["placed at", m.placement ? `${m.placement.x}, ${m.placement.y}` : null]]
        .filter(([, v]) => v)
        .map(([k, v]) => h("span", {}, `${k} `, h("b", {}, v))),
    ),
    h("div", { class: "row" }, views),
    await onMap(app, img, room),
  );
  card.action("PNG", null, { href: m.download_url, download: `map_object_${id.slice(0, 8)}.png` });
}

/** A tileset map to paint, with the object laid on it where it is dragged. */
async function onMap(app, img, room) {
  const holder = h("div", { class: "stack", dataset: { testid: "object-map" } });
  const pick = h("select", { title: "A tileset of yours to paint the ground with" }, h("option", { value: "" }, "Place it on a tileset map…"));
  const note = h("span", { class: "caption" });
  const list = await app.api.get("/v2/tilesets?limit=50");
  const sets = list.ok ? (list.data.tilesets || []).filter((t) => t.status === "completed") : [];
  for (const t of sets) pick.append(h("option", { value: t.id }, t.name || `${t.lower_description} / ${t.upper_description}`));
  note.textContent = sets.length ? "" : "Make a tileset (Tilesets) to paint a map under the object.";
  const area = h("div", { class: "stack" });
  pick.addEventListener("change", async () => {
    if (!pick.value) return;
    const answer = await app.api.get(`/v2/tilesets/${pick.value}`);
    if (!answer.ok) return app.toast(answer.message, "error");
    area.replaceChildren(placeOn(await loadSet(answer.data), img, room));
  });
  holder.append(h("div", { class: "section-title" }, "On a map"), h("div", { class: "toolbar" }, pick, note), area);
  if (sets.length) {
    pick.value = sets[0].id;
    pick.dispatchEvent(new Event("change"));
  }
  return holder;
}

/** The painter with the object overlaid: drag it (it snaps to whole pixels). */
function placeOn(set, img, room) {
  const palette = new Palette();
  palette.add(set);
  const painter = new MapPainter(palette, { room });
  const mapW = painter.canvas.width;
  const mapH = painter.canvas.height;
  const pos = { x: Math.round((mapW - img.naturalWidth) / 2), y: Math.round((mapH - img.naturalHeight) / 2) };
  const sprite = pixelCanvas(img.naturalWidth, img.naturalHeight, painter.zoom, { dataset: { testid: "placed-object" }, title: "Drag to move the object" });
  ctx2d(sprite).drawImage(img, 0, 0);
  Object.assign(sprite.style, { position: "absolute", cursor: "move", touchAction: "none" });
  const place = () => {
    setZoom(sprite, painter.zoom);
    sprite.style.left = `${pos.x * painter.zoom}px`;
    sprite.style.top = `${pos.y * painter.zoom}px`;
    sprite.dataset.x = pos.x;
    sprite.dataset.y = pos.y;
  };
  // The painter redraws its grid on every zoom change: keep the object at the same zoom.
  const redraw = painter.drawGrid.bind(painter);
  painter.drawGrid = (...args) => {
    redraw(...args);
    place();
  };
  let drag = null;
  sprite.addEventListener("pointerdown", (e) => {
    e.stopPropagation();
    e.preventDefault();
    sprite.setPointerCapture(e.pointerId);
    drag = { x: e.clientX, y: e.clientY, from: { ...pos } };
  });
  sprite.addEventListener("pointermove", (e) => {
    if (!drag) return;
    e.stopPropagation();
    pos.x = Math.round(drag.from.x + (e.clientX - drag.x) / painter.zoom);
    pos.y = Math.round(drag.from.y + (e.clientY - drag.y) / painter.zoom);
    place();
  });
  const end = (e) => {
    if (!drag) return;
    e.stopPropagation();
    drag = null;
  };
  sprite.addEventListener("pointerup", end);
  sprite.addEventListener("pointercancel", end);
  painter.wrap.append(sprite);
  place();
  const save = h("button", { type: "button", class: "mini", title: "The painted map with the object, as a PNG" }, "Save scene PNG");
  save.addEventListener("click", () => {
    const out = pixelCanvas(mapW, mapH, 1);
    const ctx = ctx2d(out);
    ctx.drawImage(painter.canvas, 0, 0);
    ctx.drawImage(img, pos.x, pos.y);
    out.toBlob((blob) => h("a", { href: URL.createObjectURL(blob), download: "map-with-object.png" }).click());
  });
  return h("div", { class: "stack" }, painter.el, h("div", { class: "toolbar" }, save, h("span", { class: "caption" }, "Paint the ground; drag the object to place it.")));
}
