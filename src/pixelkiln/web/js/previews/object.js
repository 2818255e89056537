// Objects: the object followed at GET /v2/objects/{id} (pending, processing, then review,
// completed or failed), then what it is: the review grid (pick candidates, keep them or
// dismiss the review), the 8-direction turntable, its animations playing, and forms to
// make a state or an animation of it. Every picture is a canvas at an integer zoom.

import { h, sleep } from "../dom.js";
import { ctx2d, fitZoom, imageCanvas, loadImage, pixelCanvas, setZoom, zoomControl } from "../images.js";
import { Card } from "../results.js";

/** The 8 directions clockwise from south: a turntable's order. */
export const ORDER = ["south", "south-east", "east", "north-east", "north", "north-west", "west", "south-west"];

export async function render(app, card, data, extra = {}) {
  const id = data.object_id || data.id || extra.id;
  if (!id) return card.fail("The answer names no object.");
  card.setSubtitle(`${extra.op ? extra.op.path : "object"} · ${id}`);
  card.el.dataset.id = id;
  const obj = await followObject(app, card, id);
  if (obj) await show(app, card, obj);
}

/** Poll the object until it is no longer pending or processing (null if it failed). */
export async function followObject(app, card, id) {
  for (;;) {
    const answer = await app.api.get(`/v2/objects/${id}`);
    if (!answer.ok) return card.fail(answer.message), null;
    const o = answer.data;
    if (o.status === "failed") return card.fail("The object could not be drawn; its charge was refunded."), null;
    if (o.status !== "pending" && o.status !== "processing") {
      card.setState("completed");
      return o;
    }
    card.setState("processing", { percent: o.progress_percent ?? null, eta: o.eta_seconds, note: o.status });
    if (card.cancelled) return null;
    await sleep(Math.min(1500, Math.max(150, ((o.eta_seconds ?? 1) * 1000) / 3)));
  }
}

function facts(pairs) {
  return h("p", { class: "facts" }, pairs.filter(([, v]) => v !== null && v !== undefined && v !== "").map(([k, v]) => h("span", {}, `${k} `, h("b", {}, String(v)))));
}

async function show(app, card, obj) {
  card.body.replaceChildren();
  card.actions.replaceChildren();
  card.el.dataset.objectStatus = obj.status;
  card.body.append(
    facts([
      ["status", obj.status],
      ["size", `${obj.size.width}×${obj.size.height}`],
      ["directions", obj.directions],
      ["view", obj.view],
      ["state", obj.state_name],
      ["tags", (obj.tags || []).join(", ")],
      ["outline", obj.style_settings && obj.style_settings.outline],
    ]),
  );
  if (obj.status === "review") return reviewGrid(app, card, obj);
  await stills(app, card, obj);
  await animations(card, obj);
  card.body.append(stateForm(app, card, obj), animateForm(app, card, obj));
  card.action("Spritesheet ZIP", () => app.api.download(`/v2/objects/${obj.id}/spritesheet`, "object.zip"), { dataset: { download: "spritesheet" } });
  card.action("Godot 4", () => app.api.download(`/v2/objects/${obj.id}/spritesheet?format=godot`, "object_godot.zip"));
  card.action("Aseprite", () => app.api.download(`/v2/objects/${obj.id}/spritesheet?format=aseprite`, "object_aseprite.zip"));
}

// --- review ------------------------------------------------------------------------------

async function reviewGrid(app, card, obj) {
  const images = await Promise.all(obj.frame_urls.map((u) => loadImage(u)));
  const n = images.length;
  const cols = n >= 64 ? 8 : n >= 16 ? 4 : 2;
  const room = Math.max(320, card.body.clientWidth - 20);
  const zoom = fitZoom(obj.size.width * cols + 8 * cols, room, 6);
  const chosen = new Set();
  const count = h("span", { class: "muted", dataset: { testid: "chosen" } }, "none chosen");
  const cells = images.map((img, i) => {
    const cell = h(
      "button",
      { type: "button", class: "mini candidate", dataset: { index: i, testid: "candidate" }, title: `Candidate ${i}`, style: { padding: "3px", lineHeight: "0" } },
      h("span", { class: "checker", style: { display: "inline-block" } }, imageCanvas(img, zoom)),
    );
    cell.addEventListener("click", () => {
      if (chosen.has(i)) chosen.delete(i);
      else chosen.add(i);
      cell.classList.toggle("on", chosen.has(i));
      count.textContent = chosen.size ? `${chosen.size} chosen` : "none chosen";
    });
    return cell;
  });
  const tag = h("input", { type: "text", placeholder: "a common tag (optional)", style: { width: "14em" }, dataset: { testid: "common-tag" } });
  const out = h("div", { class: "stack", dataset: { testid: "review-result" } });
  const keep = h("button", { type: "button", class: "button primary", dataset: { testid: "keep" } }, "Keep chosen");
  keep.addEventListener("click", async () => {
    if (!chosen.size) return app.toast("Click the candidates to keep first.");
    const body = { indices: [...chosen].sort((a, b) => a - b) };
    if (tag.value.trim()) body.common_tag = tag.value.trim();
    const answer = await app.api.post(`/v2/objects/${obj.id}/select-frames`, body);
    if (!answer.ok) return app.toast(answer.message, "error");
    out.replaceChildren(h("p", {}, `Kept ${answer.data.created_object_ids.length} object(s): each is a completed object of its own (opened below).`));
    for (const oid of answer.data.created_object_ids) {
      const c = new Card({ title: `Object from candidate`, subtitle: oid, kind: "object" });
      render(app, c, { object_id: oid });
    }
    app.history.refresh();
  });
  const dismiss = h("button", { type: "button", class: "button danger", dataset: { testid: "dismiss" } }, "Dismiss review");
  dismiss.addEventListener("click", async () => {
    const answer = await app.api.post(`/v2/objects/${obj.id}/dismiss-review`);
    if (!answer.ok) return app.toast(answer.message, "error");
    card.body.replaceChildren(h("p", { dataset: { testid: "dismissed" } }, "Review closed: its candidates are deleted (objects kept from it stay)."));
    card.el.dataset.objectStatus = "dismissed";
  });
  card.body.append(
    h("div", { class: "section-title" }, `${n} candidates: click to choose`),
    h("div", { style: { display: "grid", gridTemplateColumns: `repeat(${cols}, max-content)`, gap: "6px" }, dataset: { testid: "review-grid" } }, cells),
    h("div", { class: "toolbar" }, count, tag, keep, dismiss),
    out,
  );
}

// --- stills, turntable, animations --------------------------------------------------------

async function stills(app, card, obj) {
  const room = Math.max(320, card.body.clientWidth - 20);
  if (obj.directions === 1) {
    const img = await loadImage(obj.storage_urls.unknown);
    const zoom = fitZoom(img.naturalWidth, Math.min(room, 320), 8);
    card.body.append(h("div", { class: "section-title" }, "Object (1 direction)"), h("div", { class: "frame checker" }, imageCanvas(img, zoom, { dataset: { testid: "object-still" } })));
    card.action("PNG", null, { href: obj.storage_urls.unknown, download: "object.png" });
    return;
  }
  const images = {};
  await Promise.all(ORDER.map(async (d) => (images[d] = await loadImage(obj.rotation_urls[d]))));
  const w = obj.size.width;
  const zoom = fitZoom(w, Math.min(room / 2, 320), 8);
  card.body.append(h("div", { class: "row" }, turntable(images, zoom), strip(images, fitZoom(w * 8 + 64, room, 4))));
}

/** The object turning on the spot: every direction in clockwise order. */
function turntable(images, zoom) {
  const first = images.south;
  const canvas = pixelCanvas(first.naturalWidth, first.naturalHeight, zoom, { dataset: { testid: "turntable", direction: "south" } });
  const ctx = ctx2d(canvas);
  let i = 0;
  let playing = true;
  const caption = h("span", { class: "caption" }, "south");
  const drawAt = (k) => {
    i = (k + ORDER.length) % ORDER.length;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(images[ORDER[i]], 0, 0);
    canvas.dataset.direction = ORDER[i];
    caption.textContent = ORDER[i];
  };
  drawAt(0);
  const timer = setInterval(() => {
    if (!canvas.isConnected) return clearInterval(timer);
    if (playing) drawAt(i + 1);
  }, 350);
  const play = h("button", { type: "button", class: "mini on", onclick: (e) => { playing = !playing; e.target.classList.toggle("on", playing); } }, "Turn");
  return h(
    "div",
    { class: "stack" },
    h("div", { class: "section-title" }, "Turntable"),
    h("div", { class: "frame checker" }, canvas),
    h("div", { class: "toolbar" }, h("button", { type: "button", class: "mini", onclick: () => drawAt(i + 1) }, "⟳"), h("button", { type: "button", class: "mini", onclick: () => drawAt(i - 1) }, "⟲"), play, zoomControl(zoom, (z) => setZoom(canvas, z)), caption),
  );
}

function strip(images, zoom) {
  return h(
    "div",
    { class: "stack" },
    h("div", { class: "section-title" }, "Rotations"),
    h("div", { class: "tile-strip" }, ORDER.map((d) => h("a", { class: "tile-cell", href: images[d].src, download: `${d}.png`, title: d }, h("span", { class: "checker" }, imageCanvas(images[d], zoom)), d))),
  );
}

/** Frames played in a loop (the animation's own frames, 10 fps). */
function player(frames, zoom, label) {
  const canvas = imageCanvas(frames[0], zoom, { dataset: { testid: "animation", frames: frames.length } });
  const ctx = ctx2d(canvas);
  let i = 0;
  const timer = setInterval(() => {
    if (!canvas.isConnected) return clearInterval(timer);
    i = (i + 1) % frames.length;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(frames[i], 0, 0);
  }, 100);
  return h("figure", { class: "stack", style: { margin: 0 } }, h("div", { class: "frame checker" }, canvas), h("figcaption", { class: "caption" }, label));
}

async function animations(card, obj) {
  if (!obj.animations.length) return;
  const zoom = fitZoom(obj.size.width, 128, 6);
  for (const group of obj.animations) {
    const players = [];
    for (const d of group.directions) {
      const urls = (d.storage_urls && d.storage_urls.frames) || [];
      if (!urls.length) {
        players.push(h("span", { class: "muted" }, `${d.direction}: ${d.status}`));
        continue;
      }
      const frames = await Promise.all(urls.map((u) => loadImage(u)));
      players.push(player(frames, zoom, `${d.direction} · ${frames.length} frames`));
    }
    card.body.append(
      h("div", { class: "section-title" }, `Animation: ${group.display_name || group.animation_type} — “${group.description}”`),
      h("div", { class: "row", dataset: { testid: "animation-group", group: group.animation_group_id } }, players),
    );
  }
}

// --- forms: a state, an animation -----------------------------------------------------------

function stateForm(app, card, obj) {
  const input = h("input", { type: "text", placeholder: "open, broken, lit, covered in snow, make it red", style: { flex: "1" }, dataset: { testid: "state-text" } });
  const go = h("button", { type: "button", class: "button" }, "Make a state");
  go.addEventListener("click", async () => {
    if (!input.value.trim()) return;
    const answer = await app.api.post(`/v2/objects/${obj.id}/states`, { edit_description: input.value.trim() });
    if (!answer.ok) return app.toast(answer.message, "error");
    app.toast(`State queued: ${answer.data.usage.generations} generations.`);
    const c = new Card({ title: `State: ${input.value.trim()}`, subtitle: answer.data.object_id, kind: "object" });
    render(app, c, answer.data);
    app.refreshBalance();
  });
  return h("div", { class: "toolbar" }, h("span", { class: "muted" }, "State"), input, go);
}

function animateForm(app, card, obj) {
  const input = h("input", { type: "text", placeholder: "the lid opens, flickering, waving, swaying, spinning, pulsing", style: { flex: "1" }, dataset: { testid: "animation-text" } });
  const dirs = h("select", { title: "Directions" }, obj.directions === 1 ? h("option", { value: "" }, "its one direction") : [h("option", { value: "" }, "all 8"), ...ORDER.map((d) => h("option", { value: d }, d))]);
  const frames = h("select", { title: "Frames (v3)" }, [4, 6, 8, 10, 12, 16].map((n) => h("option", { value: n, selected: n === 8 }, `${n} frames`)));
  const go = h("button", { type: "button", class: "button" }, "Animate");
  go.addEventListener("click", async () => {
    if (!input.value.trim()) return;
    const body = { animation_description: input.value.trim(), frame_count: Number(frames.value) };
    if (dirs.value) body.directions = [dirs.value];
    const answer = await app.api.post(`/v2/objects/${obj.id}/animations`, body);
    if (!answer.ok) return app.toast(answer.message, "error");
    app.toast(`${answer.data.submissions.length} direction(s) queued: ${answer.data.usage.generations} generations.`);
    app.refreshBalance();
    card.setState("processing", { note: "animating" });
    for (;;) {
      const again = await app.api.get(`/v2/objects/${obj.id}`);
      if (!again.ok) return card.fail(again.message);
      const group = again.data.animations.find((g) => g.animation_group_id === answer.data.animation_group_id);
      if (group && group.directions.every((d) => d.status !== "processing")) {
        card.setState("completed");
        return show(app, card, again.data);
      }
      if (card.cancelled) return;
      await sleep(300);
    }
  });
  return h("div", { class: "toolbar" }, h("span", { class: "muted" }, "Animation"), input, dirs, frames, go);
}
