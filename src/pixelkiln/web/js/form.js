// Forms generated from the OpenAPI request schemas: objects, arrays, discriminated
// unions and optional (nullable) parts around the leaf controls; 422 `loc`s are routed
// back to the control they name.

import { h } from "./dom.js";
import { classify, examplesOf, label, unionChoices, unwrapNullable } from "./schema.js";
import { BoolControl, ConstControl, Control, EnumControl, JsonControl, NumberControl, TextControl } from "./controls.js";
import { ImageControl } from "./imagefield.js";

/** Build the control for `schema` at `path` (the field `name`, `required` or not). */
export function buildControl(doc, rawSchema, { name, path, required = false }) {
  const { schema, nullable } = unwrapNullable(doc, rawSchema);
  const kind = classify(doc, schema);
  const spec = { doc, schema, name, path, required, nullable, kind };
  switch (kind) {
    case "image":
      return new ImageControl(spec);
    case "const":
      return new ConstControl(spec);
    case "enum":
      return new EnumControl(spec);
    case "boolean":
      return new BoolControl(spec);
    case "integer":
    case "number":
      return new NumberControl(spec);
    case "string":
      return new TextControl(spec);
    case "object":
      return new ObjectControl(spec);
    case "array": {
      const items = unwrapNullable(doc, schema.items || {}).schema;
      if (classify(doc, items) === "image") return new ImageControl(spec, items, true);
      return new ArrayControl(spec, items);
    }
    case "union":
      return new UnionControl(spec);
    default:
      return new JsonControl(spec);
  }
}

const SIZE_PAIR = (props) => props && Object.keys(props).length === 2 && props.width && props.height;

/** An object: a fieldset of its properties. Optional objects without a default get an
 * "include" switch; `{width, height}` pairs sit on one line. */
export class ObjectControl extends Control {
  constructor(spec, { primary = null, legend = true } = {}) {
    super(spec);
    const s = spec.schema;
    const required = new Set(s.required || []);
    this.children = {};
    const main = [];
    const more = [];
    for (const [key, prop] of Object.entries(s.properties || {})) {
      const child = buildControl(spec.doc, prop, { name: key, path: [...spec.path, key], required: required.has(key) });
      this.children[key] = child;
      (primary && !primary.has(key) ? more : main).push(child.el);
    }
    this.wireImageSizes();
    this.optional = !spec.required && s.default === undefined && spec.nullable;
    this.include = this.optional ? h("input", { type: "checkbox", class: "include", title: "Send this object" }) : null;
    this.errorEl = h("div", { class: "field-error", role: "alert" });
    const body = h("div", { class: SIZE_PAIR(s.properties) ? "object-body pair" : "object-body" }, main);
    if (more.length) {
      this.more = h("details", { class: "more" }, h("summary", {}, `More fields (${more.length})`), more);
      body.append(this.more);
    }
    if (!legend) {
      this.el = h("div", { class: "object root", dataset: { field: spec.path.join(".") } }, body, this.errorEl);
    } else {
      this.el = h(
        "fieldset",
        { class: "object field", dataset: { field: spec.path.join(".") } },
        h("legend", {}, this.include, label(spec.name), spec.required ? h("span", { class: "req" }, "*") : null),
        s.description ? h("div", { class: "desc" }, s.description) : null,
        body,
        this.errorEl,
      );
    }
    if (this.include) {
      const sync = () => {
        body.hidden = !this.include.checked;
        this.el.classList.toggle("excluded", !this.include.checked);
      };
      this.include.addEventListener("change", sync);
      sync();
    }
    const init = this.initial();
    if (init && typeof init === "object") this.set(init);
  }

  /** Picking `x` fills a sibling `x_size` (or `size` / `image_size` for `image`). */
  wireImageSizes() {
    for (const [key, child] of Object.entries(this.children)) {
      if (!(child instanceof ImageControl)) continue;
      const names = [`${key}_size`, ...(key === "image" ? ["size", "image_size"] : [])];
      const target = names.map((n) => this.children[n]).find((c) => c instanceof ObjectControl && c.children.width);
      if (target) child.onPicked = (dims) => target.set(dims, true);
    }
  }

  get() {
    if (this.include && !this.include.checked) return undefined;
    const out = {};
    for (const [key, child] of Object.entries(this.children)) {
      const v = child.get();
      if (v !== undefined) out[key] = v;
    }
    if (!Object.keys(out).length && !this.spec.required && !this.include) return undefined;
    return out;
  }

  /** Fill from a value; keys it lacks go back to their defaults. `merge` keeps them. */
  set(value, merge = false) {
    if (value === undefined || value === null) {
      if (this.include) this.include.checked = false;
      for (const child of Object.values(this.children)) child.set(child.initial());
    } else {
      if (this.include) this.include.checked = true;
      for (const [key, child] of Object.entries(this.children)) {
        if (key in value) child.set(value[key]);
        else if (!merge) child.set(child.initial());
      }
    }
    if (this.include) this.include.dispatchEvent(new Event("change"));
  }

  missing() {
    if (this.include && !this.include.checked) return [];
    return Object.values(this.children).flatMap((c) => c.missing());
  }
  child(key) {
    return this.children[key] || null;
  }
  clearErrors() {
    super.clearErrors();
    for (const c of Object.values(this.children)) c.clearErrors();
  }
}

/** A list: items added and removed; a new item starts from the item schema's example. */
export class ArrayControl extends Control {
  constructor(spec, itemSchema) {
    super(spec);
    this.itemSchema = itemSchema;
    this.items = [];
    this.list = h("div", { class: "array-items" });
    const s = spec.schema;
    const hint = s.maxItems ? `up to ${s.maxItems}` : "";
    this.errorEl = h("div", { class: "field-error", role: "alert" });
    this.el = h(
      "fieldset",
      { class: "array field", dataset: { field: spec.path.join(".") } },
      h("legend", {}, label(spec.name), spec.required ? h("span", { class: "req" }, "*") : null, hint ? h("span", { class: "hint" }, hint) : null),
      s.description ? h("div", { class: "desc" }, s.description) : null,
      this.list,
      h("button", { type: "button", class: "mini add", onclick: () => this.add(undefined, true) }, "+ add"),
      this.errorEl,
    );
    const init = this.initial();
    if (Array.isArray(init)) this.set(init);
  }

  add(value, notify = false) {
    const index = this.items.length;
    const control = buildControl(this.spec.doc, this.itemSchema, { name: `${label(this.spec.name)} ${index + 1}`, path: [...this.path, index], required: true });
    let start = value !== undefined ? value : this.itemSchema.example ?? (unionChoices(this.spec.doc, this.itemSchema).choices[0] || {}).schema?.example;
    if (value === undefined && start && typeof start.id === "string") start = { ...start, id: this.freshId(start.id) };
    if (start !== undefined) control.set(start);
    const remove = h("button", { type: "button", class: "mini remove", title: "Remove", onclick: () => this.remove(control) }, "×");
    const row = h("div", { class: "array-item" }, control.el, remove);
    this.items.push({ control, row });
    this.list.append(row);
    if (notify) this.el.dispatchEvent(new Event("input", { bubbles: true }));
  }

  /** `id`, or `id_2`, `id_3`... if an item already has it (piece ids must be unique). */
  freshId(id) {
    const taken = new Set(this.items.map((it) => (it.control.get() || {}).id));
    let out = id;
    for (let n = 2; taken.has(out); n++) out = `${id}_${n}`;
    return out;
  }

  remove(control) {
    const values = this.items.filter((it) => it.control !== control).map((it) => it.control.get());
    this.set(values); // rebuilt, so paths (and 422 locs) stay index-true
    this.el.dispatchEvent(new Event("input", { bubbles: true }));
  }

  get() {
    const values = this.items.map((it) => it.control.get()).filter((v) => v !== undefined);
    if (!values.length && !this.spec.required) return undefined;
    return this.finish(values);
  }
  set(value) {
    this.items = [];
    this.list.replaceChildren();
    for (const v of Array.isArray(value) ? value : []) this.add(v);
  }
  missing() {
    return this.items.flatMap((it) => it.control.missing());
  }
  child(key) {
    return typeof key === "number" && this.items[key] ? this.items[key].control : null;
  }
  clearErrors() {
    super.clearErrors();
    for (const it of this.items) it.control.clearErrors();
  }
}

/** A discriminated union (a UI piece's `kind`): a choice, then that variant's fields. */
export class UnionControl extends Control {
  constructor(spec) {
    super(spec);
    const { property, choices } = unionChoices(spec.doc, spec.schema);
    this.property = property;
    this.choices = choices;
    this.select = h("select", { class: "union-tag" }, choices.map((c, i) => h("option", { value: String(i) }, c.tag)));
    this.body = h("div", { class: "union-body" });
    this.errorEl = h("div", { class: "field-error", role: "alert" });
    this.el = h("div", { class: "union field", dataset: { field: spec.path.join(".") } }, h("label", { class: "field-label" }, property ? label(property) : "type", this.select), this.body, this.errorEl);
    this.select.addEventListener("change", () => this.choose(Number(this.select.value)));
    this.choose(0);
  }
  choose(i, value) {
    // Switching kind keeps what the variants share (a piece's id and label).
    const before = this.current ? this.current.get() || {} : {};
    this.index = i;
    this.select.value = String(i);
    const choice = this.choices[i];
    this.current = buildControl(this.spec.doc, choice.schema, { name: choice.tag, path: this.path, required: true });
    if (this.current instanceof ObjectControl && this.current.el.tagName === "FIELDSET") this.current.el.classList.add("bare");
    if (value !== undefined) this.current.set(value);
    else if (choice.schema.example) {
      const kept = Object.fromEntries(Object.entries(before).filter(([k]) => k !== this.property && this.current.child(k)));
      this.current.set({ ...choice.schema.example, ...kept });
    }
    this.body.replaceChildren(this.current.el);
  }
  get() {
    const v = this.current.get();
    return this.property ? { ...(v || {}), [this.property]: this.choices[this.index].tag } : v;
  }
  set(value) {
    const tag = value && this.property ? value[this.property] : undefined;
    const i = Math.max(0, this.choices.findIndex((c) => c.tag === tag));
    this.choose(i, value);
  }
  missing() {
    return this.current.missing();
  }
  /** A 422 loc goes through the variant's tag (pydantic puts it in the path). */
  child(key) {
    if (key === this.choices[this.index].tag) return this;
    return this.current.child(key);
  }
  clearErrors() {
    super.clearErrors();
    this.current.clearErrors();
  }
}

/**
 * The form of one operation. `primary` fields (required ones and those the examples
 * use) come first; the rest wait under "More fields".
 */
export function buildForm(doc, op) {
  const examples = examplesOf(op.schema);
  const primary = new Set(op.schema.required || []);
  for (const ex of examples) for (const k of Object.keys(ex)) primary.add(k);
  const all = Object.keys(op.schema.properties || {});
  const root = new ObjectControl(
    { doc, schema: op.schema, name: "body", path: [], required: true, nullable: false, kind: "object" },
    { primary: primary.size && primary.size < all.length ? primary : null, legend: false },
  );
  return {
    root,
    el: root.el,
    examples,
    value: () => root.get() || {},
    missing: () => root.missing().map((p) => p.join(".")),
    /** Load an example (images are left out: their base64 there is a placeholder). */
    load(example) {
      root.set(example ? withoutImages(example) : undefined);
    },
    clearErrors: () => root.clearErrors(),
    /** Show 422 errors beside their fields; returns the messages no field took. */
    showErrors(detail) {
      const unplaced = [];
      for (const err of detail || []) {
        const loc = (err.loc || []).filter((part, i) => !(i === 0 && part === "body"));
        let control = root;
        for (const part of loc) {
          const next = control.child(part);
          if (!next) break;
          control = next;
        }
        if (control === root) unplaced.push(loc.length ? `${loc.join(".")}: ${err.msg}` : err.msg);
        else if (!control.showError(err.msg)) unplaced.push(`${loc.join(".")}: ${err.msg}`);
        else reveal(control.el);
      }
      return unplaced;
    },
    /** Images the form holds: [{path, url}] (for before/after previews). */
    pictures() {
      const out = [];
      const walk = (c) => {
        if (c instanceof ImageControl) out.push(...c.pictures());
        else if (c instanceof ObjectControl) Object.values(c.children).forEach(walk);
        else if (c instanceof ArrayControl) c.items.forEach((it) => walk(it.control));
        else if (c instanceof UnionControl) walk(c.current);
      };
      walk(root);
      return out;
    },
  };
}

function withoutImages(value) {
  if (Array.isArray(value)) return value.map(withoutImages).filter((v) => v !== undefined);
  if (value && typeof value === "object") {
    if (typeof value.base64 === "string") return undefined;
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      const w = withoutImages(v);
      if (w !== undefined) out[k] = w;
    }
    return out;
  }
  return value;
}

/** Open the "More fields" section holding an element and scroll it into view. */
function reveal(el) {
  for (let node = el; node; node = node.parentElement) if (node.tagName === "DETAILS") node.open = true;
  el.scrollIntoView({ block: "nearest" });
}
