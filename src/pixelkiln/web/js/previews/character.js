// Characters: the character turning through its directions, every rotation, an
// animation player (direction pad, frames per second, play/pause, step, onion skin) for
// every animation, and the downloads (the contract's ZIP and spritesheet, and the sheet
// for Aseprite, Godot 4 and Phaser 3). Images come from the public file URLs.

import { h, sleep } from "../dom.js";
import { ctx2d, fitZoom, loadImage, pixelCanvas, setZoom, zoomControl } from "../images.js";

/** The contract's directions, clockwise from south (the order a turnaround plays). */
const CLOCKWISE = ["south", "south-east", "east", "north-east", "north", "north-west", "west", "south-west"];
/** The direction pad: a 3x3 grid with the character's facing around the centre. */
const PAD = [
  ["north-west", "north", "north-east"],
  ["west", null, "east"],
  ["south-west", "south", "south-east"],
];

export async function render(app, card, data, extra = {}) {
  if (!data.id && data.character_id) {
    // A submission's answer (the contract answers 200 with the ids): follow the
    // character until it, and any animation just asked for, is drawn.
    card.el.dataset.id = data.character_id;
    card.setState("processing", { note: "drawing" });
    const done = await waitForCharacter(app, card, data.character_id);
    if (!done) return;
    card.setState(done.status === "failed" ? "failed" : "completed");
    return render(app, card, done, extra);
  }
  const id = data.id;
  if (data.status === "pending" || pendingParts(data)) {
    card.body.append(h("p", { class: "muted", dataset: { testid: "character-pending" } }, "Still drawing: this preview refreshes when it is done."));
    refreshWhenDone(app, card, id, extra);
  }
  if (data.status === "failed") {
    card.body.append(h("p", { class: "error" }, "This character's generation failed; its charge was refunded."));
    return;
  }
  if (!data.rotation_urls) return;
  const dirs = CLOCKWISE.filter((d) => data.rotation_urls[d]);
  const rotations = Object.fromEntries(await Promise.all(dirs.map(async (d) => [d, await loadImage(data.rotation_urls[d])])));
  const size = { w: data.size.width, h: data.size.height };
  const room = Math.max(240, Math.min(520, card.body.clientWidth - 40));
  let zoom = fitZoom(size.w, Math.min(room, 360), 8);
  const zoomed = [];
  const track = (canvas) => (zoomed.push(canvas), canvas);

  // Turnaround -------------------------------------------------------------------------
  const turn = track(pixelCanvas(size.w, size.h, zoom, { dataset: { testid: "turnaround", direction: dirs[0] } }));
  let turnIndex = 0;
  let turning = true;
  const drawTurn = () => {
    const d = dirs[turnIndex % dirs.length];
    const ctx = ctx2d(turn);
    ctx.clearRect(0, 0, size.w, size.h);
    ctx.drawImage(rotations[d], 0, 0);
    turn.dataset.direction = d;
    turnLabel.textContent = d;
  };
  const turnLabel = h("span", { class: "caption" }, dirs[0]);
  const turnButton = h("button", { type: "button", class: "mini", dataset: { testid: "turn-toggle" }, onclick: () => {
    turning = !turning;
    turnButton.textContent = turning ? "pause" : "turn";
  } }, "pause");
  const turnTimer = setInterval(() => {
    if (!turn.isConnected) return clearInterval(turnTimer);
    if (!turning) return;
    turnIndex = (turnIndex + 1) % dirs.length;
    drawTurn();
  }, 450);
  drawTurn();

  const strip = h(
    "div",
    { class: "toolbar", dataset: { testid: "rotations" } },
    dirs.map((d) => {
      const c = track(pixelCanvas(size.w, size.h, Math.max(1, Math.floor(zoom / 2)), { dataset: { testid: "rotation", direction: d }, title: d }));
      c.dataset.half = "1";
      ctx2d(c).drawImage(rotations[d], 0, 0);
      c.style.cursor = "pointer";
      c.addEventListener("click", () => {
        turning = false;
        turnButton.textContent = "turn";
        turnIndex = dirs.indexOf(d);
        drawTurn();
        if (player) player.face(d);
      });
      return h("figure", { class: "stack", style: { margin: 0, alignItems: "center" } }, h("div", { class: "frame checker" }, c), h("figcaption", { class: "caption" }, d));
    }),
  );

  // Animation player -------------------------------------------------------------------
  const groups = (data.animations || []).filter((g) => g.directions.some((x) => x.status === "completed" && x.frames.length));
  let player = null;
  const playerBox = h("div", { class: "stack", dataset: { testid: "animation-player-box" } });
  if (groups.length) {
    player = await animationPlayer(groups, size, zoom, track);
    playerBox.append(player.el);
  } else {
    playerBox.append(h("p", { class: "muted" }, "No animation yet: animate this character with POST /animate-character (a template such as walk, or a free-text action)."));
  }

  // Downloads --------------------------------------------------------------------------
  const base = `/v2/characters/${id}`;
  const name = (data.name || "character").replace(/[^a-zA-Z0-9_-]+/g, "_").slice(0, 60) || "character";
  const downloads = h(
    "div",
    { class: "toolbar", dataset: { testid: "downloads" } },
    h("span", { class: "section-title" }, "Download"),
    link(`${base}/zip`, `${name}.zip`, "ZIP (files + metadata)", "download-zip"),
    link(`${base}/spritesheet`, `${name}_spritesheet.zip`, "spritesheet", "download-spritesheet"),
    link(`${base}/spritesheet?format=aseprite`, `${name}_aseprite.zip`, "Aseprite", "download-aseprite"),
    link(`${base}/spritesheet?format=godot`, `${name}_godot.zip`, "Godot 4", "download-godot"),
    link(`${base}/spritesheet?format=phaser`, `${name}_phaser.zip`, "Phaser 3", "download-phaser"),
  );

  const zoomUi = zoomControl(zoom, (z) => {
    zoom = z;
    for (const c of zoomed) setZoom(c, c.dataset.half ? Math.max(1, Math.floor(z / 2)) : z);
  });
  card.body.append(
    h("div", { class: "toolbar" }, zoomUi),
    h(
      "div",
      { class: "pair-view" },
      h("div", { class: "stack" }, h("div", { class: "section-title" }, `Turnaround · ${dirs.length} directions`), h("div", { class: "frame checker" }, turn), h("div", { class: "toolbar" }, turnButton, turnLabel)),
      h("div", { class: "stack" }, h("div", { class: "section-title" }, "Animations"), playerBox),
    ),
    h("div", { class: "section-title" }, "Rotations"),
    strip,
    downloads,
    facts(data),
  );
}

/** A key-free export link (the character id is the key). */
function link(href, download, label, testid) {
  return h("a", { class: "button", href, download, dataset: { testid } }, label);
}

function pendingParts(data) {
  return (data.animations || []).some((g) => g.directions.some((x) => x.status === "pending"));
}

/** The character once nothing of it is pending (null if the card closed or it is gone). */
async function waitForCharacter(app, card, id) {
  for (let i = 0; ; i++) {
    const answer = await app.api.get(`/v2/characters/${id}`);
    if (!answer.ok) {
      card.fail(answer.message);
      return null;
    }
    if (answer.data.status !== "pending" && !pendingParts(answer.data)) return answer.data;
    if (card.cancelled || !card.el.isConnected) return null;
    await sleep(Math.min(1000, 100 + i * 50));
  }
}

/** Ask for the character again until nothing is pending, then draw it anew. */
async function refreshWhenDone(app, card, id, extra) {
  for (let i = 0; i < 600; i++) {
    await sleep(Math.min(1500, 200 + i * 50));
    if (card.cancelled || !card.el.isConnected) return;
    const answer = await app.api.get(`/v2/characters/${id}`);
    if (!answer.ok) return;
    if (answer.data.status !== "pending" && !pendingParts(answer.data)) {
      card.body.replaceChildren();
      await render(app, card, answer.data, extra);
      return;
    }
  }
}

/** The player: an animation menu, a direction pad, fps, play/pause, step, onion skin. */
async function animationPlayer(groups, size, zoom, track) {
  const canvas = track(pixelCanvas(size.w, size.h, zoom, { dataset: { testid: "animation-player" } }));
  const cache = new Map();
  const frames = async (part) => {
    if (!cache.has(part)) cache.set(part, await Promise.all(part.frames.map(loadImage)));
    return cache.get(part);
  };
  let group = groups[0];
  let part = null;
  let images = [];
  let frame = 0;
  let playing = true;
  let fps = 10;
  let onion = false;
  let timer = null;

  const info = h("span", { class: "caption", dataset: { testid: "frame-info" } });
  const draw = () => {
    const ctx = ctx2d(canvas);
    ctx.clearRect(0, 0, size.w, size.h);
    if (!images.length) return;
    if (onion && images.length > 1) {
      ctx.globalAlpha = 0.3;
      ctx.drawImage(images[(frame - 1 + images.length) % images.length], 0, 0);
      ctx.globalAlpha = 1;
    }
    ctx.drawImage(images[frame], 0, 0);
    canvas.dataset.frame = String(frame);
    canvas.dataset.frames = String(images.length);
    canvas.dataset.animation = group.animation_type;
    canvas.dataset.direction = part.direction;
    canvas.dataset.onion = onion ? "1" : "0";
    info.textContent = `${group.display_name || group.animation_type} · ${part.direction} · frame ${frame + 1}/${images.length} · ${fps} fps`;
  };
  const restart = () => {
    clearInterval(timer);
    timer = setInterval(() => {
      if (!canvas.isConnected) return clearInterval(timer);
      if (!playing || !images.length) return;
      frame = (frame + 1) % images.length;
      draw();
    }, 1000 / fps);
  };
  const padButtons = {};
  const choose = async (direction) => {
    const parts = group.directions.filter((x) => x.status === "completed" && x.frames.length);
    part = parts.find((x) => x.direction === direction) || parts.find((x) => x.direction === "south") || parts[0];
    images = await frames(part);
    frame = Math.min(frame, images.length - 1);
    for (const [d, b] of Object.entries(padButtons)) {
      b.disabled = !parts.some((x) => x.direction === d);
      b.classList.toggle("active", d === part.direction);
      b.style.fontWeight = d === part.direction ? "700" : "400";
    }
    draw();
  };
  const pad = h(
    "div",
    { dataset: { testid: "direction-pad" }, style: { display: "grid", gridTemplateColumns: "repeat(3, 2.2em)", gap: "2px" } },
    PAD.flat().map((d) => {
      if (!d) return h("span", {});
      const b = h("button", { type: "button", class: "mini", title: d, dataset: { direction: d }, onclick: () => choose(d) }, arrow(d));
      padButtons[d] = b;
      return b;
    }),
  );
  const menu = h(
    "select",
    { dataset: { testid: "animation-select" }, onchange: async () => {
      group = groups[Number(menu.value)];
      frame = 0;
      await choose(part ? part.direction : "south");
    } },
    groups.map((g, i) => h("option", { value: String(i) }, `${g.display_name || g.animation_type} (${g.directions.length} dir.)`)),
  );
  const playButton = h("button", { type: "button", class: "mini", dataset: { testid: "play" }, onclick: () => {
    playing = !playing;
    playButton.textContent = playing ? "pause" : "play";
  } }, "pause");
  const step = (delta) => () => {
    playing = false;
    playButton.textContent = "play";
    frame = (frame + delta + images.length) % images.length;
    draw();
  };
  const fpsInput = h("input", { type: "range", min: "1", max: "30", value: String(fps), dataset: { testid: "fps" }, style: { width: "8em" }, oninput: () => {
    fps = Number(fpsInput.value);
    restart();
    draw();
  } });
  const onionBox = h("input", { type: "checkbox", dataset: { testid: "onion" }, onchange: () => {
    onion = onionBox.checked;
    draw();
  } });
  await choose("south");
  restart();
  const el = h(
    "div",
    { class: "stack" },
    h("div", { class: "toolbar" }, menu),
    h("div", { class: "toolbar", style: { alignItems: "flex-start", gap: "12px" } }, h("div", { class: "frame checker" }, canvas), pad),
    h(
      "div",
      { class: "toolbar" },
      playButton,
      h("button", { type: "button", class: "mini", onclick: step(-1), "aria-label": "previous frame" }, "◀"),
      h("button", { type: "button", class: "mini", onclick: step(1), "aria-label": "next frame" }, "▶"),
      h("label", { class: "caption" }, "fps ", fpsInput),
      h("label", { class: "caption" }, onionBox, " onion skin"),
    ),
    info,
  );
  return { el, face: (d) => choose(d) };
}

function arrow(direction) {
  return { north: "↑", south: "↓", east: "→", west: "←", "north-east": "↗", "north-west": "↖", "south-east": "↘", "south-west": "↙" }[direction];
}

/** Size, directions, body plan, style and how the description was read. */
function facts(data) {
  const items = [
    ["size", `${data.size.width}×${data.size.height}`],
    ["directions", String(data.directions)],
    ["template", data.template_id],
    ["view", data.view || ""],
  ];
  const style = data.style_settings || {};
  for (const k of ["outline", "shading", "detail", "mode"]) if (style[k]) items.push([k, style[k]]);
  if (data.state_name) items.push(["state", data.state_name]);
  if (data.proportions && data.proportions.preset) items.push(["proportions", data.proportions.preset]);
  if (data.reading && data.reading.understood) {
    const words = data.reading.understood.filter((u) => u.words).map((u) => `${u.words} → ${u.meaning}`);
    if (words.length) items.push(["read", words.join("; ")]);
  }
  if (data.tags && data.tags.length) items.push(["tags", data.tags.join(", ")]);
  return h("p", { class: "facts", dataset: { testid: "character-facts" } }, items.map(([k, v]) => h("span", {}, `${k} `, h("b", {}, v))));
}
