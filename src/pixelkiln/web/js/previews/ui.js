// UI panel preview: the panel at an integer zoom with a toggle that overlays each
// piece's and element's box, its nine-slice insets and its parts, a table of the
// regions, and a region stretched by its nine-slice to show it scales cleanly.

import { h, s } from "../dom.js";
import { ctx2d, fitZoom, imageCanvas, loadImage, pixelCanvas, setZoom, zoomControl } from "../images.js";
import { lastResult } from "../imagefield.js";

/** A UI panel (GET /ui-assets/{id}). */
export async function render(app, card, data) {
  const img = await loadImage(data.image_url);
  card.setSubtitle(`${data.name || data.prompt} · ${data.id}`);
  show(app, card, img, data.regions || [], {
    facts: [["size", `${data.size.width}×${data.size.height}`], ["regions", (data.regions || []).length]],
    url: data.image_url,
    name: `ui_${data.id.slice(0, 8)}.png`,
  });
}

/** The region list of a single element from generate-ui-v2's last_response. */
export function elementRegions(result) {
  if (!result.box) return [];
  const kind = result.element || "element";
  return [{ id: kind, source: "element", kind, label: kind, box: result.box, nine_slice: result.nine_slice, parts: result.parts || [] }];
}

export function show(app, card, img, regions, { facts = [], url, name }) {
  lastResult.url = url;
  lastResult.label = name.replace(/\.png$/, "");
  const room = Math.max(320, card.body.clientWidth - 20);
  let zoom = fitZoom(img.naturalWidth, room, 4);
  const canvas = imageCanvas(img, zoom, { dataset: { testid: "ui-image" } });
  const svg = s("svg", { viewBox: `0 0 ${img.naturalWidth} ${img.naturalHeight}`, preserveAspectRatio: "none", "data-testid": "overlay" });
  svg.style.display = "none";
  const rects = regions.map((r) => drawRegion(svg, r));
  const toggle = h(
    "button",
    { type: "button", class: "mini", "aria-pressed": "false", dataset: { testid: "overlay-toggle" }, title: "Overlay piece boxes, nine-slice insets and parts" },
    "Show boxes & nine-slice",
  );
  toggle.addEventListener("click", () => {
    const on = toggle.getAttribute("aria-pressed") !== "true";
    toggle.setAttribute("aria-pressed", String(on));
    toggle.classList.toggle("on", on);
    svg.style.display = on ? "" : "none";
  });
  const stretchView = h("div", { class: "stack" });
  const table = regionTable(regions, rects, (r) => stretch(stretchView, img, r, zoom));
  card.body.append(
    h("p", { class: "facts" }, facts.map(([k, v]) => h("span", {}, `${k} `, h("b", {}, String(v))))),
    h(
      "div",
      { class: "toolbar" },
      toggle,
      zoomControl(zoom, (z) => {
        zoom = z;
        setZoom(canvas, z);
      }),
      h("span", { class: "caption" }, h("span", { style: { color: "#ff9d4d" } }, "■ piece "), h("span", { style: { color: "#6fc3ff" } }, "■ element "), h("span", { style: { color: "#ff5fd2" } }, "┄ nine-slice "), h("span", { style: { color: "#b7f06a" } }, "┄ part")),
    ),
    h("div", { class: "scroll" }, h("div", { class: "overlay-wrap checker" }, canvas, svg)),
    regions.length ? table : h("p", { class: "muted" }, "No regions reported."),
    stretchView,
  );
  if (regions.length) stretch(stretchView, img, demoRegion(regions), zoom);
  card.action("PNG", null, { href: url, download: name });
  card.action("Regions JSON", () => {
    const blob = new Blob([JSON.stringify(regions, null, 2)], { type: "application/json" });
    h("a", { href: URL.createObjectURL(blob), download: name.replace(/\.png$/, "_regions.json") }).click();
  });
}

/** The region that shows nine-slicing best: the biggest one cut on all four sides. */
function demoRegion(regions) {
  const area = (r) => r.box.width * r.box.height;
  const framed = regions.filter((r) => r.nine_slice && r.nine_slice.left && r.nine_slice.top && r.nine_slice.right && r.nine_slice.bottom);
  return (framed.length ? framed : regions).reduce((a, b) => (area(b) > area(a) ? b : a));
}

function drawRegion(svg, r) {
  const b = r.box;
  const g = s("g", { class: "region-group", "data-region": r.id });
  const rect = s("rect", { class: `region ${r.source}`, x: b.x, y: b.y, width: b.width, height: b.height });
  g.append(rect);
  const n = r.nine_slice;
  if (n) {
    const x0 = b.x + n.left;
    const x1 = b.x + b.width - n.right;
    const y0 = b.y + n.top;
    const y1 = b.y + b.height - n.bottom;
    if (n.left) g.append(s("line", { class: "slice", x1: x0, y1: b.y, x2: x0, y2: b.y + b.height }));
    if (n.right) g.append(s("line", { class: "slice", x1, y1: b.y, x2: x1, y2: b.y + b.height }));
    if (n.top) g.append(s("line", { class: "slice", x1: b.x, y1: y0, x2: b.x + b.width, y2: y0 }));
    if (n.bottom) g.append(s("line", { class: "slice", x1: b.x, y1, x2: b.x + b.width, y2: y1 }));
  }
  for (const p of r.parts || []) g.append(s("rect", { class: "part", x: p.box.x, y: p.box.y, width: p.box.width, height: p.box.height }));
  const text = s("text", { x: b.x + 2, y: Math.max(9, b.y - 2) });
  text.textContent = r.label || r.id;
  g.append(text);
  svg.append(g);
  return rect;
}

function regionTable(regions, rects, onPick) {
  return h(
    "table",
    { class: "regions", dataset: { testid: "regions" } },
    h("thead", {}, h("tr", {}, ["id", "kind", "label", "box (x, y, w×h)", "nine-slice (l t r b)", "parts"].map((c) => h("th", {}, c)))),
    h(
      "tbody",
      {},
      regions.map((r, i) => {
        const n = r.nine_slice || {};
        const row = h(
          "tr",
          { title: "Click to see it stretched by its nine-slice" },
          h("td", {}, r.id),
          h("td", {}, r.kind),
          h("td", {}, r.label),
          h("td", {}, `${r.box.x}, ${r.box.y}, ${r.box.width}×${r.box.height}`),
          h("td", {}, `${n.left ?? "-"} ${n.top ?? "-"} ${n.right ?? "-"} ${n.bottom ?? "-"}`),
          h("td", {}, (r.parts || []).map((p) => p.name).join(", ")),
        );
        row.addEventListener("mouseenter", () => rects[i].classList.add("hot"));
        row.addEventListener("mouseleave", () => rects[i].classList.remove("hot"));
        row.addEventListener("click", () => onPick(r));
        return row;
      }),
    ),
  );
}

/** Cut a region at its insets and draw it 1.75x wider and 1.5x taller (edges repeated
 * by stretching whole pixels; corners kept): what a game's nine-slice does. */
function stretch(view, img, r, zoom) {
  const b = r.box;
  const n = r.nine_slice || { left: 0, top: 0, right: 0, bottom: 0 };
  // Wider by 75% (at most 640 px) and, when it has top/bottom insets, taller by 50%.
  const W = Math.max(b.width, Math.min(640, Math.round(b.width * 1.75)));
  const H = n.top || n.bottom ? Math.round(b.height * 1.5) : b.height;
  const out = pixelCanvas(W, H, Math.min(zoom, fitZoom(W, 640, 4)), { dataset: { testid: "nine-slice" } });
  const ctx = ctx2d(out);
  const xs = [[0, n.left], [n.left, b.width - n.left - n.right], [b.width - n.right, n.right]];
  const ys = [[0, n.top], [n.top, b.height - n.top - n.bottom], [b.height - n.bottom, n.bottom]];
  const dxs = [[0, n.left], [n.left, W - n.left - n.right], [W - n.right, n.right]];
  const dys = [[0, n.top], [n.top, H - n.top - n.bottom], [H - n.bottom, n.bottom]];
  for (let yi = 0; yi < 3; yi++) {
    for (let xi = 0; xi < 3; xi++) {
      const [sx, sw] = xs[xi];
      const [sy, sh] = ys[yi];
      const [dx, dw] = dxs[xi];
      const [dy, dh] = dys[yi];
      if (sw > 0 && sh > 0 && dw > 0 && dh > 0) ctx.drawImage(img, b.x + sx, b.y + sy, sw, sh, dx, dy, dw, dh);
    }
  }
  view.replaceChildren(
    h("div", { class: "section-title" }, `Nine-slice: “${r.label || r.id}” (${b.width}×${b.height}) stretched to ${W}×${H}; click a row above for another region`),
    h("div", { class: "scroll" }, h("div", { class: "frame checker" }, out)),
  );
}
