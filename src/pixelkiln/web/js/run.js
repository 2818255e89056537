// Following a submission to its result: the 202's ids, the job's progress, the
// resource's GET (423 + Retry-After while it is drawn), then the family's preview.

import { fetchDone, watchJob } from "./api.js";
import { h, sleep } from "./dom.js";
import { Card } from "./results.js";
import { shortSummary } from "./schema.js";

/** How each family's answer is followed; paths not listed are shown as plain results. */
export const ROUTES = [
  { match: /^\/(tilesets|create-tileset)$/, id: "tileset_id", get: (id) => `/v2/tilesets/${id}`, preview: "tileset" },
  {
    match: /^\/(tilesets-sidescroller|create-tileset-sidescroller)$/,
    id: "tileset_id",
    get: (id) => `/v2/tilesets-sidescroller/${id}`,
    preview: "tileset",
  },
  { match: /^\/create-tiles-pro$/, id: "tile_id", get: (id) => `/v2/tiles-pro/${id}`, preview: "tiles_pro" },
  { match: /^\/create-isometric-tile$/, id: "tile_id", get: (id) => `/v2/isometric-tiles/${id}`, preview: "isometric" },
  { match: /^\/create-ui-asset$/, id: "ui_asset_id", get: (id) => `/v2/ui-assets/${id}`, preview: "ui", statusField: true },
  { match: /^\/generate-ui-v2$/, preview: "ui_element" },
  {
    match: /^\/(create-character-(with-4-directions|with-8-directions|v3|pro|pro-flash|state)|animate-character|characters\/animations)$/,
    id: "character_id",
    get: (id) => `/v2/characters/${id}`,
    preview: "character",
  },
  // Objects answer 200 (pro-flash 202, followed by its job): the preview follows the object.
  { match: /^\/(create-(1|8)-direction-object|create-object-pro-flash|objects\/\{object_id\}\/states)$/, preview: "object" },
  { match: /^\/map-objects$/, preview: "map_object" },
];

export function routeFor(path) {
  return ROUTES.find((r) => r.match.test(path)) || { preview: "result" };
}

/** Render `preview` into `card` (modules load on first use). */
export async function showPreview(app, card, preview, data, extra = {}) {
  const module = await import(`./previews/${preview}.js`);
  card.body.replaceChildren();
  await module.render(app, card, data, extra);
  // What the description was read as (the job's answer carries it): shown under the
  // picture so a user sees what was understood and what was not.
  const reading = (data && data.reading) || (extra.job && extra.job.last_response && extra.job.last_response.reading);
  if (reading) card.showReading(reading);
}

/**
 * A submission answered 200 or 202: follow it on a new card.
 * `op` is the operation, `body` what was sent, `pictures` the images the form held.
 */
export async function follow(app, op, answer, body, pictures) {
  const route = routeFor(op.path);
  const card = new Card({ title: shortSummary(op.summary), subtitle: op.path, kind: route.preview });
  const extra = { op, body, pictures, route };
  try {
    if (answer.status === 200) {
      // A preview that follows what the answer names (a character still being drawn)
      // sets the card's state itself; "completed" only once it has nothing to follow.
      await showPreview(app, card, route.preview, answer.data, extra);
      if (card.el.dataset.status === "submitting") card.setState("completed");
      return card;
    }
    const jobId = answer.data.background_job_id;
    const id = route.id ? answer.data[route.id] : null;
    extra.jobId = jobId;
    extra.id = id;
    if (id) {
      card.setSubtitle(`${op.path} · ${id}`);
      card.el.dataset.id = id;
    }
    card.setState("processing");
    if (route.statusField) return await followStatus(app, card, route, id, extra);
    let job = null;
    if (jobId) {
      const done = await watchJob(app.api, jobId, (p) => card.setState("processing", { percent: p.percent }), () => card.cancelled);
      if (!done.ok) return card.fail(done.message), card;
      job = done.data;
      extra.job = job;
      if (job.status === "failed") return card.fail(failure(job)), card;
    }
    if (!id) {
      card.setState("completed");
      await showPreview(app, card, route.preview, job ? job.last_response : answer.data, extra);
      return card;
    }
    return await followResource(app, card, route, id, extra);
  } catch (err) {
    card.fail(`The page could not show this result: ${err.message}`);
    console.warn(err);
    return card;
  } finally {
    app.refreshBalance();
    app.history.refresh();
  }
}

function failure(job) {
  const detail = job.last_response && job.last_response.detail;
  return `The job failed${detail ? `: ${detail}` : ""}; its charge was refunded.`;
}

/** GET the resource (423 + Retry-After until drawn) and show it. */
export async function followResource(app, card, route, id, extra) {
  const answer = await fetchDone(
    app.api,
    route.get(id),
    (ms) => card.setState("processing", { note: `drawing (423): asking again in ${ms / 1000} s` }),
    () => card.cancelled,
  );
  if (!answer.ok) return card.fail(answer.message), card;
  card.setState("completed");
  await showPreview(app, card, route.preview, answer.data, { ...extra, id });
  addDelete(app, card, route, id);
  return card;
}

/** A resource whose GET answers 200 with status, progress_percent and eta_seconds. */
async function followStatus(app, card, route, id, extra) {
  for (;;) {
    const answer = await app.api.get(route.get(id));
    if (!answer.ok) return card.fail(answer.message), card;
    const data = answer.data;
    if (data.status === "failed") return card.fail(`Generation failed${data.error ? `: ${data.error}` : ""}; its charge was refunded.`), card;
    if (data.status !== "processing") {
      card.setState("completed");
      await showPreview(app, card, route.preview, data, { ...extra, id });
      addDelete(app, card, route, id);
      return card;
    }
    card.setState("processing", { percent: data.progress_percent ?? null, eta: data.eta_seconds });
    if (card.cancelled) return card;
    await sleep(Math.min(2000, Math.max(200, ((data.eta_seconds ?? 1) * 1000) / 2)));
  }
}

function addDelete(app, card, route, id) {
  const path = route.get(id).split("?")[0];
  confirmButton(card.actions, "Delete", async () => {
    const answer = await app.api.del(path);
    if (!answer.ok) return app.toast(answer.message, "error");
    card.close();
    app.history.refresh();
  });
}

/** A button that asks for a second click before it acts. */
export function confirmButton(parent, label, act, cls = "button danger") {
  let armed = null;
  const button = h("button", { type: "button", class: cls }, label);
  button.addEventListener("click", async () => {
    if (!armed) {
      button.textContent = "Sure?";
      armed = setTimeout(() => {
        armed = null;
        button.textContent = label;
      }, 3000);
      return;
    }
    clearTimeout(armed);
    armed = null;
    button.disabled = true;
    await act();
    button.disabled = false;
    button.textContent = label;
  });
  parent.append(button);
  return button;
}

/** Reopen an asset from the history: a card, its GET, its preview. */
export async function reopen(app, { title, route, id }) {
  const card = new Card({ title, subtitle: `${route.get(id).replace(/^\/v2/, "")}`, kind: route.preview });
  card.el.dataset.id = id;
  card.setState("processing");
  try {
    if (route.statusField) return await followStatus(app, card, route, id, { route, id });
    return await followResource(app, card, route, id, { route, id });
  } catch (err) {
    card.fail(`The page could not show this asset: ${err.message}`);
    console.warn(err);
    return card;
  }
}
