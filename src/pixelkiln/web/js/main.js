// The playground's entry: the key (from #key=, else the browser's storage, else asked
// for), the operations from /v2/openapi.json, the form panel, balance and history.

import { Api } from "./api.js";
import { fill, fmt, h } from "./dom.js";
import { FormPanel } from "./formpanel.js";
import { History } from "./history.js";
import { operations, shortSummary } from "./schema.js";

const STORE = "pixelkiln.key";

/** The key from the URL fragment (then removed from the address bar), or storage. */
function takeKey() {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const fromLink = params.get("key");
  if (fromLink) {
    localStorage.setItem(STORE, fromLink);
    params.delete("key");
    const rest = params.toString();
    history.replaceState(null, "", `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ""}`);
    return fromLink;
  }
  return localStorage.getItem(STORE);
}

/** Ask for a key in the dialog; resolves with the key typed. */
function askKey(reason = "") {
  const dialog = document.getElementById("key-dialog");
  const input = dialog.querySelector("input");
  dialog.querySelector(".reason").textContent = reason;
  input.value = "";
  if (!dialog.open) dialog.showModal();
  return new Promise((resolve) => {
    dialog.querySelector("form").onsubmit = (e) => {
      e.preventDefault();
      const key = input.value.trim();
      if (!key) return;
      localStorage.setItem(STORE, key);
      dialog.close();
      resolve(key);
    };
  });
}

class App {
  constructor(doc, api) {
    this.doc = doc;
    this.api = api;
    this.balance = null;
    this.quotable = new Set();
    this.panels = new Map();
    this.historyListeners = [];
    this.history = new History(this, document.getElementById("history"));
  }

  async start() {
    const quotes = await this.api.get("/playground/quotes");
    if (quotes.ok) this.quotable = new Set(quotes.data.paths);
    this.groups = operations(this.doc);
    this.buildNav();
    const first = this.groups.flatMap((g) => g.ops).find((op) => op.path === "/tilesets") || this.groups[0].ops[0];
    this.open(first.path);
    await Promise.all([this.refreshBalance(), this.history.refresh.now()]);
  }

  buildNav() {
    const nav = document.getElementById("ops");
    fill(
      nav,
      this.groups.map((g) =>
        h(
          "section",
          { class: "op-group" },
          h("h2", { title: g.description }, g.tag),
          h(
            "ul",
            {},
            g.ops.map((op) =>
              h(
                "li",
                {},
                h("button", { type: "button", class: "op-link", dataset: { path: op.path }, title: `POST /v2${op.path}`, onclick: () => this.open(op.path) }, shortSummary(op.summary), op.summary.includes("older alias") ? h("span", { class: "alias" }, " alias") : null),
              ),
            ),
          ),
        ),
      ),
    );
  }

  /** Show the form of the operation at `path` (kept while the page lives). */
  open(path, prefill = null) {
    const op = this.groups.flatMap((g) => g.ops).find((o) => o.path === path);
    if (!op) return null;
    if (!this.panels.has(path)) this.panels.set(path, new FormPanel(this, op));
    const panel = this.panels.get(path);
    fill(document.getElementById("form-panel"), panel.el);
    for (const b of document.querySelectorAll(".op-link")) b.classList.toggle("active", b.dataset.path === path);
    if (prefill) panel.prefill(prefill);
    panel.quote.now();
    return panel;
  }

  async refreshBalance() {
    const answer = await this.api.get("/v2/balance");
    if (answer.ok) this.setBalance(answer.data.subscription.generations);
  }

  setBalance(value) {
    this.balance = value;
    document.getElementById("balance").textContent = `${fmt(value)} generations`;
    for (const panel of this.panels.values()) panel.showBalance(value);
  }

  /** Modules that want the history's items (e.g. "paint with another set") listen. */
  onHistory(items) {
    this.historyItems = items;
    // A listener answers false once its card is gone, and is dropped.
    this.historyListeners = this.historyListeners.filter((fn) => fn(items) !== false);
  }

  toast(text, cls = "") {
    const el = h("div", { class: `toast ${cls}`, role: "status" }, text);
    document.body.append(el);
    setTimeout(() => el.remove(), 4000);
  }
}

async function boot() {
  let key = takeKey();
  if (!key) key = await askKey("Paste an API key (pixelkiln serve prints one, with a link that fills it in).");
  const api = new Api(key);
  // A refused key: ask again, then reload with the new one.
  api.onUnauthorized = async () => {
    api.onUnauthorized = null;
    localStorage.removeItem(STORE);
    await askKey("That key was refused (401). Paste a valid API key.");
    window.location.reload();
  };
  const balance = await api.get("/v2/balance");
  if (!balance.ok) return;
  const doc = await (await fetch("/v2/openapi.json")).json();
  const app = new App(doc, api);
  app.setBalance(balance.data.subscription.generations);
  window.playground = app;
  document.getElementById("forget-key").addEventListener("click", () => {
    localStorage.removeItem(STORE);
    window.location.reload();
  });
  await app.start();
  document.body.dataset.ready = "true";
}

boot();
