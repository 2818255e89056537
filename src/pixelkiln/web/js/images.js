// Pixel images: decoding base64/URLs, canvases shown at an integer zoom with no
// smoothing, and the zoom that fits a width.

import { h } from "./dom.js";

/** A data URL for a base64 field value (bare base64, or already a data URL). */
export function dataUrl(b64, format = "png") {
  if (typeof b64 !== "string") return "";
  return b64.startsWith("data:") ? b64 : `data:image/${format || "png"};base64,${b64}`;
}

/** A decoded HTMLImageElement for a URL or data URL. */
export async function loadImage(src) {
  const img = new Image();
  img.decoding = "async";
  img.src = src;
  await img.decode();
  return img;
}

/** The largest integer zoom (1..max) at which `width` px fit in `room` px. */
export function fitZoom(width, room, max = 8) {
  return Math.max(1, Math.min(max, Math.floor(room / Math.max(1, width))));
}

/** A canvas of `width` x `height` native pixels shown at `zoom`x, pixelated. */
export function pixelCanvas(width, height, zoom = 1, attrs = {}) {
  const canvas = h("canvas", { width, height, class: "pixels", ...attrs });
  setZoom(canvas, zoom);
  return canvas;
}

/** Show a pixel canvas (or image) at an integer zoom. */
export function setZoom(el, zoom) {
  const z = Math.max(1, Math.round(zoom));
  const w = el.width || el.naturalWidth;
  const hgt = el.height || el.naturalHeight;
  el.style.width = `${w * z}px`;
  el.style.height = `${hgt * z}px`;
  el.dataset.zoom = String(z);
}

/** A 2D context that never smooths. */
export function ctx2d(canvas) {
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingEnabled = false;
  return ctx;
}

/** An image drawn on its own pixel canvas at `zoom`. */
export function imageCanvas(img, zoom = 1, attrs = {}) {
  const canvas = pixelCanvas(img.naturalWidth, img.naturalHeight, zoom, attrs);
  ctx2d(canvas).drawImage(img, 0, 0);
  return canvas;
}

/** A zoom control (− 2x +) that calls `onChange(zoom)`; `min` may be negative for a
 * relative control (shown as ±n). */
export function zoomControl(initial, onChange, max = 12, min = 1, mode = "x") {
  let zoom = initial;
  const text = (z) => (mode === "±" ? (z === 0 ? "±0" : `${z > 0 ? "+" : ""}${z}`) : `${z}x`);
  const label = h("span", { class: "zoom-value" }, text(zoom));
  const set = (z) => {
    zoom = Math.max(min, Math.min(max, z));
    label.textContent = text(zoom);
    onChange(zoom);
  };
  return h(
    "span",
    { class: "zoom", title: "Integer zoom, no smoothing" },
    h("button", { type: "button", class: "mini", onclick: () => set(zoom - 1), "aria-label": "zoom out" }, "−"),
    label,
    h("button", { type: "button", class: "mini", onclick: () => set(zoom + 1), "aria-label": "zoom in" }, "+"),
  );
}

/** Read a File as a data URL and decode it: {url, img, width, height, type}. */
export async function readImageFile(file) {
  const url = await new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  const img = await loadImage(url);
  return { url, img, width: img.naturalWidth, height: img.naturalHeight, type: file.type, name: file.name };
}

/**
 * Every image inside a JSON value: [{path, b64, format}] for Base64Image-like objects
 * ({base64: ...}) and bare data URLs, in document order.
 */
export function findImages(value, path = []) {
  const out = [];
  if (typeof value === "string") {
    // Bare base64 PNGs start with the PNG signature's encoding.
    if (value.startsWith("data:image/") || (value.length > 64 && value.startsWith("iVBOR"))) {
      out.push({ path, b64: value, format: "png" });
    }
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => out.push(...findImages(v, [...path, i])));
  } else if (value && typeof value === "object") {
    if (typeof value.base64 === "string" && value.base64.length > 16) {
      out.push({ path, b64: value.base64, format: value.format || "png" });
    } else {
      for (const [k, v] of Object.entries(value)) out.push(...findImages(v, [...path, k]));
    }
  }
  return out;
}

/** "images[0]", "frames[3]", "palette" from a path. */
export function pathLabel(path) {
  return path.reduce((s, p) => (typeof p === "number" ? `${s}[${p}]` : s ? `${s}.${p}` : p), "") || "image";
}
