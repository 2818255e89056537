// A single UI element (generate-ui-v2): its image from the job's last_response, with
// its box, nine-slice insets and parts overlaid like a panel's regions.

import { dataUrl, findImages, loadImage } from "../images.js";
import { elementRegions, show } from "./ui.js";

export async function render(app, card, result, extra = {}) {
  const found = findImages(result.images || result);
  if (!found.length) {
    card.fail("The job finished without an image.");
    return;
  }
  const url = dataUrl(found[0].b64, found[0].format);
  const img = await loadImage(url);
  const size = result.image_size || { width: img.naturalWidth, height: img.naturalHeight };
  card.setSubtitle(`${result.element || "element"} · ${extra.jobId || ""}`);
  show(app, card, img, elementRegions(result), {
    facts: [["element", result.element || "?"], ["size", `${size.width}×${size.height}`], ["seed", result.seed ?? "?"]],
    url,
    name: `ui_element_${result.element || "image"}.png`,
  });
}
