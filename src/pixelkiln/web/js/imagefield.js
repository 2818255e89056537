// Image fields: a drop zone with a file picker (drag and drop, or paste), read as a
// data URL and sent in the shape the schema asks for ({type, base64, format} or the
// flat {base64, width, height}). Arrays of images take several files.

import { h } from "./dom.js";
import { fitZoom, imageCanvas, readImageFile } from "./images.js";
import { Control, fieldRow } from "./controls.js";

/** The last image the page produced, offered by every image field ("use last result"). */
export const lastResult = { url: null, width: 0, height: 0, label: "" };

/** Shape an image for a schema: only the properties the schema has. */
function shaped(schema, image) {
  const props = schema.properties || {};
  const out = { base64: image.url };
  if (props.type) out.type = "base64";
  if (props.format) out.format = (/^data:image\/(\w+)/.exec(image.url) || [])[1] || "png";
  if (props.width) out.width = image.width;
  if (props.height) out.height = image.height;
  return out;
}

function thumb(image, onRemove) {
  const zoom = fitZoom(Math.max(image.width, image.height), 96, 8);
  const canvas = imageCanvas(image.img, zoom);
  return h(
    "div",
    { class: "thumb checker" },
    canvas,
    h("span", { class: "dims" }, `${image.width}×${image.height}`),
    h("button", { type: "button", class: "mini remove", title: "Remove", onclick: onRemove }, "×"),
  );
}

/** A field holding one image (or, with `multiple`, a list of images). */
export class ImageControl extends Control {
  constructor(spec, itemSchema = spec.schema, multiple = false) {
    super(spec);
    this.itemSchema = itemSchema;
    this.multiple = multiple;
    this.images = [];
    /** Called with {width, height} after a pick (the parent fills a *_size sibling). */
    this.onPicked = null;
    this.file = h("input", { type: "file", accept: "image/*", multiple, hidden: true });
    this.file.addEventListener("change", () => this.addFiles([...this.file.files]));
    this.list = h("div", { class: "thumbs" });
    this.zone = h(
      "div",
      { class: "drop", tabindex: 0, dataset: { drop: spec.path.join(".") } },
      h("span", {}, multiple ? "Drop images here, paste, or " : "Drop an image here, paste, or "),
      h("button", { type: "button", class: "link", onclick: () => this.file.click() }, "choose a file"),
      h("button", { type: "button", class: "link use-last", hidden: true, onclick: () => this.useLast() }, " · use the last result"),
      this.file,
    );
    for (const name of ["dragenter", "dragover"]) {
      this.zone.addEventListener(name, (e) => {
        e.preventDefault();
        this.zone.classList.add("over");
      });
    }
    this.zone.addEventListener("dragleave", () => this.zone.classList.remove("over"));
    this.zone.addEventListener("drop", (e) => {
      e.preventDefault();
      this.zone.classList.remove("over");
      this.addFiles([...e.dataTransfer.files]);
    });
    this.zone.addEventListener("paste", (e) => {
      const files = [...e.clipboardData.files];
      if (files.length) {
        e.preventDefault();
        this.addFiles(files);
      }
    });
    this.zone.addEventListener("focusin", () => this.refreshLast());
    this.zone.addEventListener("mouseenter", () => this.refreshLast());
    ({ row: this.el, error: this.errorEl } = fieldRow(spec, h("div", { class: "image-field" }, this.zone, this.list)));
  }

  refreshLast() {
    this.zone.querySelector(".use-last").hidden = !lastResult.url;
  }

  async useLast() {
    if (!lastResult.url) return;
    const blob = await (await fetch(lastResult.url)).blob();
    await this.addFiles([new File([blob], `${lastResult.label || "result"}.png`, { type: "image/png" })]);
  }

  async addFiles(files) {
    const images = files.filter((f) => f.type.startsWith("image/"));
    if (!images.length) {
      this.showError("not an image file");
      return;
    }
    this.clearErrors();
    for (const file of this.multiple ? images : images.slice(0, 1)) {
      let image;
      try {
        image = await readImageFile(file);
      } catch {
        this.showError(`${file.name} could not be read as an image`);
        continue;
      }
      if (this.multiple) this.images.push(image);
      else this.images = [image];
    }
    this.render();
    if (this.onPicked && this.images.length) this.onPicked({ width: this.images[0].width, height: this.images[0].height });
    this.el.dispatchEvent(new Event("input", { bubbles: true }));
  }

  render() {
    this.list.replaceChildren(
      ...this.images.map((image, i) =>
        thumb(image, () => {
          this.images.splice(i, 1);
          this.render();
          this.el.dispatchEvent(new Event("input", { bubbles: true }));
        }),
      ),
    );
  }

  get() {
    if (!this.images.length) return undefined;
    const values = this.images.map((image) => shaped(this.itemSchema, image));
    return this.multiple ? values : values[0];
  }

  /** Images can't come from an example (their base64 there is a placeholder). */
  set(value) {
    if (value === undefined || value === null) {
      this.images = [];
      this.render();
    }
  }

  /** The images as shown, for the before/after preview: [{path, url}]. */
  pictures() {
    return this.images.map((image, i) => ({ path: this.multiple ? [...this.path, i] : this.path, url: image.url }));
  }
}
