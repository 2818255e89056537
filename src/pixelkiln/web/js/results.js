// Result cards: one per submission or reopened asset, newest first, with a status line,
// a progress bar (status, progress_percent, eta_seconds), the preview and its actions.

import { h } from "./dom.js";

const container = () => document.getElementById("results");

export class Card {
  constructor({ title, subtitle = "", kind = "" }) {
    this.status = h("span", { class: "status", dataset: { testid: "card-status" } }, "submitting");
    this.bar = h("div", { class: "bar" }, h("div", { class: "fill" }));
    this.info = h("span", { class: "progress-info" });
    this.body = h("div", { class: "card-body" });
    this.actions = h("div", { class: "card-actions" });
    this.closeBtn = h("button", { type: "button", class: "mini close", title: "Close", onclick: () => this.close() }, "×");
    this.el = h(
      "article",
      { class: "card", dataset: { testid: "result", kind, status: "submitting" } },
      h("header", {}, h("h3", {}, title), h("span", { class: "subtitle" }, subtitle), this.status, this.closeBtn),
      h("div", { class: "progress" }, this.bar, this.info),
      this.body,
      this.actions,
    );
    this.cancelled = false;
    container().prepend(this.el);
  }

  setSubtitle(text) {
    this.el.querySelector(".subtitle").textContent = text;
  }

  /** processing / completed / failed, with an optional progress (0-100) and ETA. */
  setState(state, { percent = null, eta = null, note = "" } = {}) {
    this.el.dataset.status = state;
    this.status.textContent = state;
    this.status.className = `status ${state}`;
    const fill = this.bar.querySelector(".fill");
    const done = state === "completed" || state === "failed";
    this.bar.parentElement.hidden = done;
    if (percent !== null) {
      fill.style.width = `${Math.max(2, Math.min(100, percent))}%`;
      this.bar.classList.remove("indeterminate");
    } else if (!done) {
      this.bar.classList.add("indeterminate");
    }
    const parts = [];
    if (percent !== null) parts.push(`${percent}%`);
    if (eta !== null && eta !== undefined) parts.push(`about ${eta} s left`);
    if (note) parts.push(note);
    this.info.textContent = parts.join(" · ");
  }

  /** What the description was read as, one line per description (a tileset's reading
   *  is keyed by terrain). Readings come in three shapes: a material or panel reading
   *  (base, effects, elements), a subject's (understood words), and an image's (its
   *  intent, with the scene's or subject's words); other values are not shown. */
  showReading(reading) {
    const single = ["family", "base", "understood", "intent"].some((k) => k in reading);
    const entries = single ? [["read as", reading]] : Object.entries(reading);
    const lines = entries.map(([name, r]) => [name, readingParts(r)]).filter(([, parts]) => parts.length);
    if (!lines.length) return;
    const box = h("div", { class: "reading", dataset: { testid: "reading" } });
    for (const [name, parts] of lines) box.append(h("p", {}, h("b", {}, `${name}: `), parts.join(" · ")));
    this.body.append(box);
  }

  fail(message) {
    this.setState("failed");
    this.body.replaceChildren(h("p", { class: "error", role: "alert" }, message));
  }

  /** Add an action button or link to the card's footer. */
  action(label, onclick, attrs = {}) {
    const el = attrs.href
      ? h("a", { class: "button", ...attrs }, label)
      : h("button", { type: "button", class: "button", onclick, ...attrs }, label);
    this.actions.append(el);
    return el;
  }

  close() {
    this.cancelled = true;
    this.el.remove();
  }
}

function readingParts(r) {
  if (!r || typeof r !== "object") return [];
  const parts = [];
  if (r.intent) parts.push(`${r.intent.kind}${r.intent.because ? ` (${r.intent.because})` : ""}`);
  if (r.base) parts.push(r.base);
  if (r.effects && r.effects.length) parts.push(`effects ${r.effects.join(", ")}`);
  if (r.secondary && r.secondary.length) parts.push(`with ${r.secondary.join(", ")}`);
  if (r.top) parts.push(`top ${r.top}`);
  if (r.relief) parts.push("raised sides");
  if (r.elements && r.elements.length) {
    parts.push(r.elements.map((e) => (e.count > 1 ? `${e.count} ${e.kind}` : e.kind)).join(", "));
  }
  const understood = r.understood || (r.scene && r.scene.understood) || [];
  if (understood.length) parts.push(understood.map((u) => `${u.words} → ${u.meaning}`).join(", "));
  const unread = r.not_understood || r.ignored || [];
  if (unread.length) parts.push(`not understood: ${unread.join(", ")}`);
  return parts;
}
