// Utilities (and any result with images): before and after side by side, each at an
// integer zoom; frames play as a loop; numbers and sizes listed; every image saved.

import { h } from "../dom.js";
import { dataUrl, findImages, fitZoom, imageCanvas, loadImage, pathLabel, setZoom, zoomControl } from "../images.js";
import { lastResult } from "../imagefield.js";

export async function render(app, card, data, extra = {}) {
  const before = await Promise.all((extra.pictures || []).map(async (p) => ({ label: pathLabel(p.path), img: await loadImage(p.url), url: p.url })));
  const found = findImages(data);
  const after = await Promise.all(found.map(async (f) => ({ label: pathLabel(f.path), url: dataUrl(f.b64, f.format), img: await loadImage(dataUrl(f.b64, f.format)) })));
  if (after.length) {
    lastResult.url = after[0].url;
    lastResult.label = (extra.op ? extra.op.path.slice(1) : "result").replace(/\W+/g, "_");
  }
  // Each picture at the largest integer zoom its column fits (an unzoomed 24x24 result
  // shows as big as its 96x96 source); strips (palettes) at least 12 px tall.
  const width = Math.max(320, card.body.clientWidth);
  const room = before.length ? Math.floor((width - 16) / 2) - 14 : width - 14;
  const canvases = [];
  const zoomFor = (img) => {
    const strip = img.naturalHeight <= 2;
    const base = fitZoom(img.naturalWidth, Math.min(room, 400), strip ? 24 : 12);
    return strip ? Math.min(base, Math.max(1, Math.ceil(12 / img.naturalHeight))) : base;
  };
  const picture = (x, side) => {
    const zoom = zoomFor(x.img);
    const canvas = imageCanvas(x.img, zoom, { dataset: { testid: `${side}-image` } });
    const caption = h("span", {}, `${x.label} · ${x.img.naturalWidth}×${x.img.naturalHeight} · ${zoom}x`);
    canvases.push({ canvas, zoom, caption, x });
    return h(
      "figure",
      { class: "stack", style: { margin: 0 } },
      h("div", { class: "scroll" }, h("div", { class: "frame checker" }, canvas)),
      h("figcaption", { class: "caption" }, caption, side === "after" ? h("a", { href: x.url, download: `${x.label.replace(/\W+/g, "_")}.png`, style: { marginLeft: "8px" } }, "save") : null),
    );
  };
  const frames = after.filter((x) => /^frames\[/.test(x.label));
  const stills = after.filter((x) => !/^frames\[/.test(x.label));
  const afterView = h("div", { class: "stack" }, h("div", { class: "section-title" }, before.length ? "After" : "Result"));
  if (frames.length) afterView.append(player(frames, zoomFor(frames[0].img)));
  for (const x of stills) afterView.append(picture(x, "after"));
  if (!after.length) afterView.append(h("p", { class: "muted" }, "No image in this answer."));
  const views = [afterView];
  if (before.length) views.unshift(h("div", { class: "stack" }, h("div", { class: "section-title" }, "Before"), before.map((x) => picture(x, "before"))));
  card.body.append(
    h(
      "div",
      { class: "toolbar" },
      zoomControl(0, (delta) => {
        for (const c of canvases) {
          const z = Math.max(1, c.zoom + delta);
          setZoom(c.canvas, z);
          c.caption.textContent = `${c.x.label} · ${c.x.img.naturalWidth}×${c.x.img.naturalHeight} · ${z}x`;
        }
      }, 16, -15, "±"),
    ),
    h("div", { class: before.length ? "pair-view" : "stack", dataset: { testid: "before-after" } }, views),
    facts(data),
  );
}

/** Frames played in a loop at 10 fps (the last leads into the first). */
function player(frames, zoom) {
  const canvas = imageCanvas(frames[0].img, zoom, { dataset: { testid: "frames" } });
  const ctx = canvas.getContext("2d");
  let i = 0;
  const timer = setInterval(() => {
    if (!canvas.isConnected) return clearInterval(timer);
    i = (i + 1) % frames.length;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(frames[i].img, 0, 0);
  }, 100);
  const caption = `${frames.length} frames of ${frames[0].img.naturalWidth}×${frames[0].img.naturalHeight}, looping at 10 fps · ${zoom}x`;
  return h("figure", { class: "stack", style: { margin: 0 } }, h("div", { class: "frame checker" }, canvas), h("figcaption", { class: "caption" }, caption));
}

/** The answer's numbers, sizes and words (images and usage left out). */
function facts(data) {
  const out = [];
  const walk = (value, path) => {
    if (value === null || value === undefined) return;
    if (typeof value === "object") {
      if (typeof value.base64 === "string" || Array.isArray(value)) return;
      if ("width" in value && "height" in value && Object.keys(value).length === 2) {
        out.push([path, `${value.width}×${value.height}`]);
        return;
      }
      for (const [k, v] of Object.entries(value)) if (k !== "usage") walk(v, path ? `${path}.${k}` : k);
    } else if (typeof value !== "string" || value.length < 80) {
      out.push([path, String(value)]);
    }
  };
  walk(data, "");
  if (data && data.usage) out.push(["cost", `${data.usage.generations} generations`]);
  return h("p", { class: "facts" }, out.map(([k, v]) => h("span", {}, `${k} `, h("b", {}, v))));
}
