// Tiny DOM helpers: h() builds elements, so modules read like the markup they make.

/**
 * h("button", {class: "x", onclick: fn, dataset: {id: 1}}, "label", child...)
 * Attributes starting with "on" become listeners; `dataset` and `style` take objects;
 * `false`/`null`/`undefined` attributes and children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    } else if (name === "style" && typeof value === "object") {
      Object.assign(el.style, value);
    } else if (name === "class") {
      el.setAttribute("class", value);
    } else if (name in el && typeof value !== "string") {
      el[name] = value;
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

export const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Remove every child of `el` and append `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A number with at most two decimals, without trailing zeros ("15", "0.1"). */
export function fmt(n) {
  if (n === null || n === undefined || Number.isNaN(n)) return "?";
  return String(Math.round(n * 100) / 100);
}

/** "just now", "5 min ago", "3 h ago" or the date: stable within a test run. */
export function ago(iso) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  const s = Math.max(0, (Date.now() - t) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(t).toISOString().slice(0, 10);
}

/** Debounce `fn` by `ms`; the returned function also has .now() and .cancel(). */
export function debounce(fn, ms) {
  let timer = null;
  const wrapped = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  wrapped.cancel = () => clearTimeout(timer);
  wrapped.now = (...args) => {
    clearTimeout(timer);
    return fn(...args);
  };
  return wrapped;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
