// The account's assets from the list endpoints, newest first: reopen or delete them.

import { ago, debounce, fill, h } from "./dom.js";
import { confirmButton, reopen, ROUTES } from "./run.js";

const route = (preview) => ROUTES.find((r) => r.preview === preview && r.id);

/** Each list endpoint, the key of its items and how an item reads. */
export const SOURCES = [
  {
    list: "/v2/tilesets?limit=50",
    key: "tilesets",
    family: "tileset",
    route: route("tileset"),
    title: (it) => it.name || `${it.lower_description} / ${it.upper_description}`,
    sub: (it) => [it.kind, it.mode, it.tile_size && `${it.tile_size.width} px`].filter(Boolean).join(" · "),
  },
  {
    list: "/v2/tiles-pro?limit=50",
    key: "tiles",
    family: "pro tiles",
    route: route("tiles_pro"),
    title: (it) => it.name || it.description || "Pro tiles",
    sub: (it) => [it.tile_type, it.n_tiles && `${it.n_tiles} tiles`, it.tile_size && `${it.tile_size} px`].filter(Boolean).join(" · "),
  },
  {
    list: "/v2/isometric-tiles?limit=50",
    key: "tiles",
    family: "isometric",
    route: route("isometric"),
    title: (it) => it.name || it.description,
    sub: (it) => [it.tile_shape, it.size && `${it.size} px`].filter(Boolean).join(" · "),
  },
  {
    list: "/v2/ui-assets?limit=50",
    key: "ui_assets",
    family: "ui panel",
    route: route("ui"),
    title: (it) => it.name || it.prompt,
    sub: (it) => (it.size ? `${it.size.width}×${it.size.height}` : ""),
  },
];

export class History {
  constructor(app, el) {
    this.app = app;
    this.el = el;
    this.items = [];
    this.list = h("ol", { class: "history-list", dataset: { testid: "history" } });
    this.note = h("p", { class: "muted" });
    fill(
      el,
      h("header", {}, h("h2", {}, "History"), h("button", { type: "button", class: "mini", title: "Refresh", onclick: () => this.refresh.now() }, "↻")),
      this.note,
      this.list,
    );
    this.refresh = debounce(() => this.load(), 250);
  }

  /** Every source's first page, merged newest first. */
  async load() {
    const answers = await Promise.all(SOURCES.map((src) => this.app.api.get(src.list)));
    const items = [];
    answers.forEach((answer, i) => {
      if (!answer.ok) return;
      const src = SOURCES[i];
      for (const it of answer.data[src.key] || []) items.push({ src, it });
    });
    items.sort((a, b) => String(b.it.created_at).localeCompare(String(a.it.created_at)));
    this.items = items;
    this.note.textContent = items.length ? "" : "Nothing yet: what you generate shows up here.";
    this.list.replaceChildren(...items.map((item) => this.row(item)));
    this.app.onHistory(items);
  }

  row({ src, it }) {
    const title = src.title(it);
    const open = () => reopen(this.app, { title, route: src.route, id: it.id });
    const actions = h("span", { class: "history-actions" }, h("button", { type: "button", class: "mini", onclick: open, title: "Open" }, "Open"));
    confirmButton(
      actions,
      "×",
      async () => {
        const answer = await this.app.api.del(src.route.get(it.id));
        if (!answer.ok) this.app.toast(answer.message, "error");
        this.refresh.now();
      },
      "mini danger",
    );
    return h(
      "li",
      { class: `history-item ${it.status}`, dataset: { testid: "history-item", id: it.id, family: src.family } },
      h("span", { class: "badge" }, src.family),
      h("button", { type: "button", class: "history-title link", onclick: open, title }, title),
      h("span", { class: "history-sub" }, [src.sub(it), it.status !== "completed" ? it.status : null, ago(it.created_at)].filter(Boolean).join(" · ")),
      actions,
    );
  }
}
