// One operation's panel: its generated form, examples, the cost and balance before
// sending (POST /playground/quote as you edit), the submit button and its errors
// (422 beside the fields, 402 with cost and balance, 429 with the wait).

import { debounce, fill, fmt, h, sleep } from "./dom.js";
import { buildForm } from "./form.js";
import { follow } from "./run.js";
import { shortSummary } from "./schema.js";

/** Abbreviate data URLs so the request preview stays readable. */
function abbreviated(body) {
  return JSON.stringify(
    body,
    (key, value) => (typeof value === "string" && value.length > 96 && /^data:|^[A-Za-z0-9+/]{96}/.test(value) ? `${value.slice(0, 40)}… (${value.length} chars)` : value),
    2,
  );
}

export class FormPanel {
  constructor(app, op) {
    this.app = app;
    this.op = op;
    this.form = buildForm(app.doc, op);
    this.seq = 0;
    this.cost = h("span", { class: "cost", dataset: { testid: "cost" } }, "…");
    this.message = h("div", { class: "submit-message", role: "status", dataset: { testid: "submit-message" } });
    this.button = h("button", { type: "submit", class: "primary", dataset: { testid: "submit" } }, "Generate");
    this.json = h("pre", { class: "request-json" });
    this.curl = h("pre", { class: "request-curl" });
    const examples = this.form.examples;
    const picker = examples.length
      ? h(
          "select",
          { class: "examples", title: "Load an example from the API's schema", onchange: (e) => this.loadExample(e.target.value) },
          h("option", { value: "" }, "defaults"),
          examples.map((ex, i) => h("option", { value: String(i) }, `example ${i + 1}: ${summarize(ex)}`)),
        )
      : null;
    this.el = h(
      "form",
      { class: "op-form", novalidate: true, dataset: { path: op.path }, onsubmit: (e) => this.submit(e) },
      h("header", {}, h("h2", {}, shortSummary(op.summary)), h("code", { class: "path" }, `POST /v2${op.path}`)),
      op.description ? h("p", { class: "op-desc" }, op.description) : null,
      picker ? h("label", { class: "example-row" }, "Start from ", picker) : null,
      this.form.el,
      h("div", { class: "submit-row" }, this.cost, this.button),
      this.message,
      h(
        "details",
        { class: "request" },
        h("summary", {}, "Request"),
        h("button", { type: "button", class: "mini", onclick: () => this.saveBody() }, "Save request.json"),
        this.json,
        this.curl,
      ),
    );
    this.quote = debounce(() => this.requote(), 300);
    this.el.addEventListener("input", () => this.changed());
    this.el.addEventListener("change", () => this.changed());
    if (picker && examples.length) {
      picker.value = "0";
      this.loadExample("0");
    }
    this.changed();
  }

  /** The whole body (images included) as a file, for curl -d @request.json. */
  saveBody() {
    const blob = new Blob([JSON.stringify(this.form.value(), null, 2)], { type: "application/json" });
    h("a", { href: URL.createObjectURL(blob), download: "request.json" }).click();
  }

  loadExample(index) {
    this.form.load(index === "" ? undefined : this.form.examples[Number(index)]);
    this.changed();
  }

  changed() {
    const body = this.form.value();
    this.json.textContent = abbreviated(body);
    // The same request from a shell; a body with images is too long to paste inline.
    const json = JSON.stringify(body);
    const data = json.length > 2000 ? "@request.json   # saved with the button above" : `'${json.replace(/'/g, "'\\''")}'`;
    this.curl.textContent = [
      `curl -X POST ${window.location.origin}/v2${this.op.path}`,
      `  -H "Authorization: Bearer $PIXELKILN_KEY"`,
      `  -H "Content-Type: application/json"`,
      `  -d ${data}`,
    ].join(" \\\n");
    this.quote();
  }

  /** Ask the service what this would cost; show field errors inline while editing. */
  async requote() {
    if (!this.app.quotable.has(this.op.path)) {
      this.cost.textContent = `balance ${fmt(this.app.balance)}`;
      return;
    }
    const missing = this.form.missing();
    if (missing.length) {
      this.lastCost = null;
      this.form.clearErrors();
      this.cost.className = "cost muted";
      this.cost.textContent = `Fill in: ${missing.join(", ")}`;
      return;
    }
    const seq = ++this.seq;
    const answer = await this.app.api.post("/playground/quote", { path: this.op.path, body: this.form.value() });
    if (seq !== this.seq) return; // a newer edit is on its way
    this.form.clearErrors();
    if (answer.ok) {
      this.lastCost = answer.data.cost;
      this.app.setBalance(answer.data.balance);
    } else if ((answer.status === 422 || answer.status === 413) && Array.isArray(answer.data.detail)) {
      this.lastCost = null;
      const rest = this.form.showErrors(answer.data.detail);
      this.cost.className = "cost invalid";
      this.cost.textContent = rest.length ? rest.join("; ") : "Fix the fields marked in red";
    } else {
      this.cost.className = "cost muted";
      this.cost.textContent = answer.message;
    }
  }

  /** The cost line: the last quote beside the balance (kept current as it changes). */
  showBalance(balance) {
    if (this.lastCost === undefined || this.lastCost === null) return;
    const cost = this.lastCost;
    this.cost.className = cost > balance ? "cost over" : "cost";
    fill(this.cost, "Cost ", h("b", { dataset: { testid: "cost-value" } }, fmt(cost)), ` generation${cost === 1 ? "" : "s"} · balance ${fmt(balance)}`);
  }

  async submit(event) {
    event.preventDefault();
    if (this.button.disabled) return;
    this.quote.cancel();
    this.form.clearErrors();
    this.say("");
    this.button.disabled = true;
    const body = this.form.value();
    const pictures = this.form.pictures();
    let answer;
    try {
      answer = await this.app.api.post(`/v2${this.op.path}`, body);
    } finally {
      this.button.disabled = false;
    }
    if (answer.ok) {
      this.say(answer.status === 202 ? "Accepted: watching the job below." : "Done.", "ok");
      follow(this.app, this.op, answer, body, pictures);
      return;
    }
    if ((answer.status === 422 || answer.status === 413) && Array.isArray(answer.data.detail)) {
      const rest = this.form.showErrors(answer.data.detail);
      this.say(rest.length ? rest.join("; ") : "The service refused a field: see the messages above.", "error");
    } else if (answer.status === 402) {
      const { cost, balance } = answer.data;
      this.say(`Not enough generations: this costs ${fmt(cost)}, the balance is ${fmt(balance)}.`, "error", "402");
      this.app.setBalance(balance);
    } else if (answer.status === 429) {
      await this.wait(answer.retryAfterMs());
    } else if (answer.status !== 401) {
      this.say(answer.message, "error");
    }
  }

  /** 429: the button waits out Retry-After, counting down. */
  async wait(ms) {
    this.button.disabled = true;
    const end = Date.now() + ms;
    for (let left = ms; left > 0; left = end - Date.now()) {
      this.say(`Too soon after the last submission: wait ${Math.ceil(left / 1000)} s (429, Retry-After).`, "error", "429");
      await sleep(Math.min(250, left));
    }
    this.button.disabled = false;
    this.say("Ready again.", "ok");
  }

  say(text, cls = "", code = "") {
    this.message.textContent = text;
    this.message.className = `submit-message ${cls}`;
    this.message.dataset.code = code;
  }

  /** Fill fields from outside (a "connect a new set" button does). */
  prefill(values) {
    this.form.root.set(values, true);
    this.changed();
  }
}

function summarize(example) {
  const text = example.description || example.lower_description || Object.values(example).find((v) => typeof v === "string") || "";
  const extra = example.tile_feature || example.mode || "";
  return `${String(text).slice(0, 40)}${extra ? ` (${extra})` : ""}`;
}
