// Leaf form controls: text, numbers (with a slider when bounded), booleans, choices,
// constants and raw JSON. Every control has the same shape:
//   el (the field row), get() -> value or undefined (= leave the field out),
//   set(value), missing() -> [paths of required fields left empty], child() -> null.
// A field equal to its default is left out, so bodies carry only what was chosen.

import { h } from "./dom.js";
import { label, same } from "./schema.js";

/** The row around a control: label, hint, description and the error slot. */
export function fieldRow(spec, input, hint = "") {
  const error = h("div", { class: "field-error", role: "alert" });
  const row = h(
    "div",
    { class: `field field-${spec.kind}`, dataset: { field: spec.path.join(".") } },
    h(
      "label",
      { class: "field-label", title: spec.path.join(".") },
      label(spec.name),
      spec.required ? h("span", { class: "req", title: "required" }, "*") : null,
      hint ? h("span", { class: "hint" }, hint) : null,
    ),
    input,
    spec.schema.description ? h("div", { class: "desc" }, spec.schema.description) : null,
    error,
  );
  return { row, error };
}

/** Base of every control: error display and the default rule. */
export class Control {
  constructor(spec) {
    this.spec = spec;
    this.path = spec.path;
    this.errorEl = null;
  }
  get defaultValue() {
    return this.spec.schema.default;
  }
  /** `value` unless the field may be left out and `value` is its default. */
  finish(value) {
    if (value === undefined) return undefined;
    if (!this.spec.required && this.spec.schema.default !== undefined && same(value, this.spec.schema.default)) {
      return undefined;
    }
    return value;
  }
  missing() {
    return this.spec.required && this.get() === undefined ? [this.path] : [];
  }
  child() {
    return null;
  }
  showError(message) {
    if (!this.errorEl) return false;
    this.errorEl.textContent = this.errorEl.textContent ? `${this.errorEl.textContent}; ${message}` : message;
    this.el.classList.add("invalid");
    return true;
  }
  clearErrors() {
    if (this.errorEl) this.errorEl.textContent = "";
    if (this.el) this.el.classList.remove("invalid");
  }
  /** The initial value: the default, else an example, else nothing. */
  initial() {
    const s = this.spec.schema;
    if (s.default !== undefined) return s.default;
    if (this.spec.required && s.example !== undefined) return s.example;
    if (this.spec.required && Array.isArray(s.examples) && s.examples.length) return s.examples[0];
    return undefined;
  }
}

function boundsHint(s) {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? `>${s.exclusiveMinimum}` : null);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? `<${s.exclusiveMaximum}` : null);
  if (lo === null && hi === null) return "";
  if (hi !== null && Number(hi) > 1e12) return lo !== null ? `≥ ${lo}` : "";
  if (lo !== null && hi !== null) return `${lo} – ${hi}`;
  return lo !== null ? `≥ ${lo}` : `≤ ${hi}`;
}

export class TextControl extends Control {
  constructor(spec) {
    super(spec);
    const s = spec.schema;
    const long = (s.maxLength || 0) > 300 || /description|prompt/.test(spec.name);
    const attrs = {
      name: spec.path.join("."),
      maxlength: s.maxLength,
      placeholder: spec.nullable ? "(not sent)" : "",
    };
    this.input = long ? h("textarea", { ...attrs, rows: 2 }) : h("input", { ...attrs, type: "text" });
    const hint = s.maxLength ? `≤ ${s.maxLength} chars` : "";
    ({ row: this.el, error: this.errorEl } = fieldRow(spec, this.input, long ? "" : hint));
    this.set(this.initial());
  }
  get() {
    const v = this.input.value;
    if (v === "") return this.spec.required || this.spec.nullable || this.defaultValue !== undefined ? undefined : "";
    return this.finish(v);
  }
  set(v) {
    this.input.value = v === undefined || v === null ? "" : String(v);
  }
}

export class NumberControl extends Control {
  constructor(spec) {
    super(spec);
    const s = spec.schema;
    const integer = spec.kind === "integer";
    const lo = s.minimum ?? s.exclusiveMinimum;
    const hi = s.maximum ?? s.exclusiveMaximum;
    const bounded = lo !== undefined && hi !== undefined && hi - lo <= 1000;
    const step = integer ? 1 : bounded && hi - lo <= 1 ? 0.05 : "any";
    this.input = h("input", {
      type: "number",
      name: spec.path.join("."),
      min: lo,
      max: hi !== undefined && hi < 1e12 ? hi : undefined,
      step,
      placeholder: spec.nullable ? "(not sent)" : "",
    });
    const parts = [this.input];
    if (bounded) {
      this.slider = h("input", { type: "range", min: lo, max: hi, step: integer ? 1 : (hi - lo) / 100, tabindex: -1, "aria-hidden": "true" });
      this.slider.addEventListener("input", () => {
        this.input.value = this.slider.value;
        this.input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      this.input.addEventListener("input", () => {
        if (this.input.value !== "") this.slider.value = this.input.value;
      });
      parts.unshift(this.slider);
    }
    if (/seed/.test(spec.name)) {
      parts.push(
        h("button", {
          type: "button",
          class: "mini",
          title: "A random seed",
          onclick: () => {
            this.set(Math.floor(Math.random() * 2 ** 31));
            this.input.dispatchEvent(new Event("input", { bubbles: true }));
          },
        }, "⚄"),
      );
    }
    ({ row: this.el, error: this.errorEl } = fieldRow(spec, h("div", { class: "number-row" }, parts), boundsHint(s)));
    this.set(this.initial());
  }
  get() {
    if (this.input.value === "") return undefined;
    const n = Number(this.input.value);
    return this.finish(Number.isFinite(n) ? n : this.input.value);
  }
  set(v) {
    this.input.value = v === undefined || v === null ? "" : String(v);
    if (this.slider && this.input.value !== "") this.slider.value = this.input.value;
  }
}

export class BoolControl extends Control {
  constructor(spec) {
    super(spec);
    // An optional boolean without a default has three states: a choice, not a box.
    this.tri = spec.nullable && spec.schema.default === undefined;
    if (this.tri) {
      this.input = h("select", { name: spec.path.join(".") }, h("option", { value: "" }, "—"), h("option", { value: "true" }, "true"), h("option", { value: "false" }, "false"));
    } else {
      this.input = h("input", { type: "checkbox", name: spec.path.join(".") });
    }
    ({ row: this.el, error: this.errorEl } = fieldRow(spec, this.input));
    this.el.classList.add("field-bool");
    this.set(this.initial());
  }
  get() {
    if (this.tri) return this.input.value === "" ? undefined : this.input.value === "true";
    return this.finish(this.input.checked);
  }
  set(v) {
    if (this.tri) this.input.value = v === undefined || v === null ? "" : String(Boolean(v));
    else this.input.checked = Boolean(v);
  }
}

export class EnumControl extends Control {
  constructor(spec) {
    super(spec);
    this.values = spec.schema.enum;
    const options = this.values.map((v, i) => h("option", { value: String(i) }, String(v)));
    const empty = spec.nullable || (!spec.required && spec.schema.default === undefined);
    if (empty) options.unshift(h("option", { value: "" }, "—"));
    this.input = h("select", { name: spec.path.join(".") }, options);
    ({ row: this.el, error: this.errorEl } = fieldRow(spec, this.input));
    this.set(this.initial());
  }
  get() {
    if (this.input.value === "") return undefined;
    return this.finish(this.values[Number(this.input.value)]);
  }
  set(v) {
    const i = this.values.findIndex((x) => same(x, v));
    this.input.value = i >= 0 ? String(i) : this.input.options[0].value;
  }
}

/** A constant (a union's tag, Base64Image's `type`): shown, always its value. */
export class ConstControl extends Control {
  constructor(spec) {
    super(spec);
    this.el = h("div", { class: "field field-const", hidden: true });
  }
  get() {
    return undefined;
  }
  set() {}
  missing() {
    return [];
  }
}

/** Anything the builder has no control for: JSON text. */
export class JsonControl extends Control {
  constructor(spec) {
    super(spec);
    this.input = h("textarea", { name: spec.path.join("."), rows: 3, class: "json", placeholder: "JSON" });
    ({ row: this.el, error: this.errorEl } = fieldRow(spec, this.input, "JSON"));
    this.set(this.initial());
  }
  get() {
    const text = this.input.value.trim();
    if (!text) return undefined;
    try {
      return this.finish(JSON.parse(text));
    } catch {
      return text; // sent as is: the server names the field
    }
  }
  set(v) {
    this.input.value = v === undefined ? "" : JSON.stringify(v);
  }
}
