"""Gallery section "utilities": before/after pairs for every image utility, and the VFX.

The inputs are made here: a landscape painting (sky, sun, mountains, pines, a lake with
reflections, grain, blur and JPEG noise) for the conversions, and small sprites degraded
the way real uploads are (upscaled with uneven cells, blurred, JPEG-compressed, put on
gradient or textured backdrops) for the clean-up tools. Everything is shown at integer
zoom; transparency is shown over a checkerboard.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from scipy import ndimage

from pixelkiln.engine import cleanup, convert, vfx
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.normal_map import decode_normals, normal_map
from pixelkiln.engine.rng import make_rng

__all__ = ["NAME", "TITLE", "build", "landscape", "sample_sprite"]

NAME = "utilities"
TITLE = "Image utilities"

_BG = (24, 24, 28)
_INK = (225, 225, 230)
_LABEL = 14
_RAMPS = {
    "red": [(58, 18, 38), (140, 36, 48), (214, 72, 60), (246, 150, 110)],
    "green": [(20, 48, 40), (40, 110, 62), (98, 170, 70), (190, 226, 120)],
    "blue": [(22, 28, 64), (40, 80, 160), (70, 150, 220), (170, 220, 250)],
    "gold": [(60, 36, 20), (150, 96, 40), (220, 170, 60), (252, 236, 150)],
}
VFX_DESCRIPTIONS = (
    "orange campfire flame", "orange fire burst", "crackling blue lightning",
    "green healing sparkles", "dust puff", "water splash", "purple portal", "grey smoke",
    "cyan magic circle", "ice shards", "poison cloud", "white sword slash", "energy orb",
)  # fmt: skip


# ------------------------------------------------------------------------------ inputs


def _noise(rng: np.random.Generator, h: int, w: int, cell: int, aspect: float = 1.0) -> np.ndarray:
    """Smooth value noise (fBm of bicubic-upsampled lattices), 0-1."""
    out, amp, total = np.zeros((h, w)), 1.0, 0.0
    for _ in range(4):
        cy, cx = max(1, int(cell * aspect)), max(1, cell)
        grid = rng.random((h // cy + 4, w // cx + 4))
        out += amp * ndimage.zoom(grid, (cy, cx), order=3, mode="reflect")[:h, :w]
        total += amp
        amp, cell = amp * 0.5, max(1, cell // 2)
    return out / total


def landscape(w: int = 640, h: int = 400, seed: int = 7) -> np.ndarray:
    """A painted lake landscape at sunset, finished like a photo (grain, blur, JPEG)."""
    rng = make_rng(seed, "gallery", "landscape")
    y, x = np.mgrid[0:h, 0:w].astype(float)
    horizon, sun = int(h * 0.64), np.array([0.76 * w, 0.2 * h])
    t = np.clip(y / h / 0.64, 0, 1)[..., None]
    top, mid, low = np.array([34, 62, 128]), np.array([96, 140, 200]), np.array([248, 196, 140])
    sky_low = mid + (low - mid) * (np.clip(t - 0.55, 0, None) / 0.45) ** 1.3
    img = np.where(t < 0.55, top + (mid - top) * (t / 0.55), sky_low)
    d = np.hypot(x - sun[0], y - sun[1])
    img = img + (np.exp(-d / (0.16 * w)) ** 1.5)[..., None] * np.array([150, 95, 30])
    cn = _noise(rng, h, w, 96, 0.35) - 0.16 * np.clip((y / h - 0.05) / 0.4, 0, 1)
    cloud = np.clip((cn - 0.5) * 4.0, 0, 1)[..., None]
    under = np.clip((np.roll(cn, -6, axis=0) - cn) * 12 + 0.5, 0, 1)[..., None]
    ccol = np.array([252, 226, 200]) * (1 - under) + np.array([140, 120, 160]) * under
    img = img * (1 - 0.85 * cloud) + ccol * 0.85 * cloud
    img[d < 0.03 * w] = (255, 246, 220)
    # Two mountain ranges: cones with diagonal gullies, right faces lit by the low sun.
    for base, peaks, col, haze in (
        (0.50, 6, (120, 118, 150), 0.45),
        (0.58, 5, (84, 80, 100), 0.15),
    ):
        px = np.sort(rng.uniform(-0.05, 1.05, peaks)) * w
        ph, ps = rng.uniform(0.12, 0.30, peaks) * h, rng.uniform(0.55, 1.0, peaks)
        cones = ph[:, None] - np.abs(x[0][None, :] - px[:, None]) * ps[:, None]
        ridge = base * h - cones.max(axis=0) + 6 * (_noise(rng, 1, w, 12)[0] - 0.5)
        face = np.sign(x[0] - px[np.argmax(cones, axis=0)])[None, :] * np.ones((h, 1))
        below = y - ridge[None, :]
        streak = _noise(rng, h, w, 10)
        gul = streak[
            np.clip(y.astype(int) // 3, 0, h - 1), (x + face * below * 0.9).astype(int) % w
        ]
        lit = np.where(face > 0, 1.0, 0.55) * (0.8 + 0.45 * gul)
        rock = np.array(col) * (lit * (1 - 0.25 * np.clip(below / (0.25 * h), 0, 1)))[..., None]
        snowline = (base - 0.1) * h + 0.04 * h * _noise(rng, h, w, 16)
        snow = (below < (0.025 + 0.06 * gul) * h) & (y < snowline + 0.08 * h)
        scol = np.where(face[..., None] > 0, np.array([246, 240, 238]), np.array([168, 172, 205]))
        rock = np.where(snow[..., None], scol * (0.9 + 0.15 * gul)[..., None], rock)
        rock = rock * (1 - haze) + np.array([196, 176, 196]) * haze
        img = np.where(((below >= 0) & (y < horizon))[..., None], rock, img)
    # Treeline and pines, lit from the right.
    hill = (0.6 - 0.035 * _noise(rng, 1, w, 90)[0]) * h
    band = (y >= hill[None, :]) & (y < horizon)
    img = np.where(
        band[..., None],
        np.array([30, 52, 42]) * (0.85 + 0.3 * _noise(rng, h, w, 8))[..., None],
        img,
    )
    for tx in np.sort(rng.uniform(-10, w + 10, 170)):
        base_y = hill[int(np.clip(tx, 0, w - 1))] + rng.uniform(0.0, 0.04) * h
        th = rng.uniform(0.05, 0.13) * h
        tw, rel = th * rng.uniform(0.26, 0.34), (y - base_y + th) / th
        inside = (
            (rel >= 0)
            & (rel <= 1)
            & (np.abs(x - tx) <= tw * rel * (0.75 + 0.25 * np.abs(np.sin(rel * 14))))
        )
        side = np.clip((x - tx) / tw, -1, 1)
        tone = (
            np.array([28, 58, 40])
            * (1 + 0.55 * np.clip(side, 0, 1) - 0.25 * np.clip(-side, 0, 1))[..., None]
        )
        img = np.where(inside[..., None], tone, img)
    # The lake: a rippled, darker reflection with glints under the sun.
    wy = np.arange(horizon, h)
    depth = (wy - horizon) / (h - horizon)
    ripple = (2.5 * np.sin(wy * 0.9) + 1.5 * rng.normal(0, 1, len(wy))) * (0.3 + depth)
    src = np.clip(2 * horizon - wy - 1, 0, h - 1)
    refl = np.stack([np.roll(img[s], round(r), axis=0) for s, r in zip(src, ripple, strict=True)])
    water = (refl * 0.68 + np.array([18, 40, 72]) * 0.32) * (1 - 0.25 * depth)[:, None, None]
    streak = np.abs(x[horizon:] - sun[0]) < (0.015 + 0.06 * depth[:, None]) * w
    glint = (
        streak
        & (rng.random(streak.shape) < 0.25)
        & (np.sin(y[horizon:] * 2.1 + x[horizon:] * 0.05) > 0.2)
    )
    water[glint] = water[glint] * 0.3 + np.array([255, 230, 180]) * 0.7
    img[horizon:] = water
    # A grassy bank with reeds, bottom left.
    bank_top = (
        h * (0.86 + 0.03 * _noise(rng, 1, w, 50)[0]) + np.clip(x[0] - 0.30 * w, 0, None) * 0.5
    )
    grass = np.array([62, 100, 38]) * (0.55 + 0.8 * _noise(rng, h, w, 5))[..., None]
    grass += np.clip(1 - (y - bank_top[None, :]) / 10, 0, 1)[..., None] * np.array([60, 55, 10])
    img = np.where((y > bank_top[None, :])[..., None], grass, img)
    for rx in rng.uniform(0.02, 0.3, 18) * w:
        top_r = bank_top[int(rx)] - rng.uniform(12, 30)
        reed = (
            (np.abs(x - rx - (y - top_r) * 0.08) < 1.2) & (y > top_r) & (y < bank_top[int(rx)] + 4)
        )
        img = np.where(reed[..., None], np.array([70, 80, 30]), img)
    img = img + rng.normal(0, 4, img.shape)
    img *= (1 - 0.3 * (((x - w / 2) / w) ** 2 + ((y - h / 2) / h) ** 2))[..., None]
    im = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).filter(
        ImageFilter.GaussianBlur(0.8)
    )
    return _jpeg(np.dstack([np.asarray(im), np.full((h, w), 255, np.uint8)]), 88)


def sample_sprite(seed: int, size: int = 24, ramp: str = "red") -> np.ndarray:
    """A mirrored blob creature: dark outline, three lit shades, a glint and two eyes."""
    rng = make_rng(seed, "gallery", "sprite")
    y, x = np.mgrid[0:size, 0:size] + 0.5
    field = np.zeros((size, size))
    for _ in range(4):
        cx, cy = rng.uniform(0.3, 0.5) * size, rng.uniform(0.35, 0.7) * size
        rx, ry = rng.uniform(0.14, 0.3) * size, rng.uniform(0.12, 0.28) * size
        for mx in (cx, size - cx):
            field = np.maximum(field, 1 - ((x - mx) / rx) ** 2 - ((y - cy) / ry) ** 2)
    inside = np.pad(field[1:-1, 1:-1] > 0, 1)
    colors = _RAMPS[ramp]
    out = np.zeros((size, size, 4), np.uint8)
    shade = np.digitize(
        ((x - 0.35 * size) ** 2 + (y - 0.35 * size) ** 2) / (0.5 * size) ** 2, [0.15, 0.6]
    )
    for level, c in enumerate((colors[3], colors[2], colors[1])):
        out[inside & (shade == level)] = (*c, 255)
    out[inside & ~ndimage.binary_erosion(inside), :3] = colors[0]
    ys, xs = np.nonzero(inside & (shade == 0))
    out[ys[len(ys) // 2], xs[len(xs) // 2], :3] = (255, 255, 240)
    ey = int(0.5 * size)
    for ex in (int(0.38 * size), size - 1 - int(0.38 * size)):
        if inside[ey, ex]:
            out[ey, ex, :3] = colors[0]
    return out


def _jpeg(rgba: np.ndarray, quality: int) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(rgba[..., :3])).save(buf, "JPEG", quality=quality)
    return np.asarray(Image.open(buf).convert("RGBA")).copy()


def _degrade(rgba: np.ndarray, scale: int, seed: int) -> np.ndarray:
    """Uneven upscale (cells scale±1), blur and JPEG: how AI-made or resampled art arrives."""
    rng = make_rng(seed, "gallery", "degrade")
    h, w = rgba.shape[:2]
    up = rgba.repeat(scale + rng.integers(-1, 2, h), 0).repeat(scale + rng.integers(-1, 2, w), 1)
    im = Image.fromarray(np.ascontiguousarray(up[..., :3])).filter(ImageFilter.GaussianBlur(1.0))
    return _jpeg(np.dstack([np.asarray(im), up[..., 3]]), 72)


def _on(rgba: np.ndarray, backdrop: np.ndarray) -> np.ndarray:
    out = backdrop.copy()
    on = rgba[..., 3] > 0
    out[on] = rgba[on]
    out[..., 3] = 255
    return out


# ------------------------------------------------------------------------------ layout


def _show(rgba: np.ndarray, zoom: int) -> Image.Image:
    """Nearest-neighbour zoom over a checkerboard (for transparency)."""
    big = np.repeat(np.repeat(rgba, zoom, axis=0), zoom, axis=1)
    yy, xx = np.mgrid[0 : big.shape[0], 0 : big.shape[1]]
    board = np.where(((yy // 8 + xx // 8) % 2)[..., None] == 0, 58, 44).astype(np.uint8)
    alpha = big[..., 3:4].astype(np.float64) / 255
    rgb = big[..., :3] * alpha + np.repeat(board, 3, axis=2) * (1 - alpha)
    return Image.fromarray(np.rint(rgb).astype(np.uint8), "RGB")


def _row(cells: Sequence[tuple[str, Image.Image]], pad: int = 8) -> Image.Image:
    """Labelled images side by side on a dark background."""
    font = ImageFont.load_default(size=11)
    width = sum(im.width for _, im in cells) + pad * (len(cells) + 1)
    height = max(im.height for _, im in cells) + _LABEL + 2 * pad
    sheet = Image.new("RGB", (width, height), _BG)
    draw = ImageDraw.Draw(sheet)
    x = pad
    for label, im in cells:
        draw.text((x, pad - 2), label, fill=_INK, font=font)
        sheet.paste(im, (x, pad + _LABEL))
        x += im.width + pad
    return sheet


def _save(out: Path, name: str, image: Image.Image) -> str:
    (out / name).write_bytes(encode_png(np.asarray(image.convert("RGBA"))))
    return f"{NAME}/{name}"


# ------------------------------------------------------------------------------ sections


def _clean_up(out: Path, photo: np.ndarray) -> list[str]:
    md = ["### Clean-up tier\n"]
    small = np.asarray(Image.fromarray(photo).resize((160, 100), Image.Resampling.LANCZOS))
    plain = cleanup.reduce_colors([small], num_colors=8, seed=1)
    dith = cleanup.reduce_colors([small], num_colors=8, dithering="4x4", seed=1)
    auto = cleanup.reduce_colors([small], seed=1)
    strip = np.repeat(np.repeat(plain.palette_strip(), 12, 0), 1, 1)
    path = _save(
        out,
        "reduce_colors.png",
        _row(
            [
                ("input (160x100)", _show(small, 3)),
                ("8 colours", _show(plain.images[0], 3)),
                ("8 colours, 4x4 dither", _show(dith.images[0], 3)),
                (f"auto: {auto.n_colors} colours", _show(auto.images[0], 3)),
                ("palette", _show(strip, 8)),
            ]
        ),
    )
    md.append(
        f"**reduce-colors**: k-means in OKLab, ordered dithering only in the band where "
        f"two neighbouring colours meet.\n\n![reduce-colors]({path})\n"
    )

    bg = np.zeros((24, 24, 4), np.uint8)
    bg[...] = (235, 225, 200, 255)
    sprite = _on(sample_sprite(3, 24, "red"), bg)
    bad = _degrade(sprite, 8, 3)
    fixed = cleanup.correct_pixelart([bad], strength=0.1)
    unz = cleanup.unzoom(bad)
    path = _save(
        out,
        "correct_unzoom.png",
        _row(
            [
                ("pseudo pixel art in", _show(bad, 2)),
                ("correct-pixelart (same size)", _show(fixed.images[0], 2)),
                (
                    f"unzoom: {unz.unzoomed_size[0]}x{unz.unzoomed_size[1]}, "
                    f"zoom {unz.zoom_factor:.1f}",
                    _show(unz.image, 16),
                ),
                ("original", _show(sprite, 16)),
            ]
        ),
    )
    md.append(
        f"**correct-pixelart** and **unzoom** on a sprite upscaled with uneven cells, "
        f"blurred and JPEG-compressed ({len(fixed.palette)} colours recovered).\n\n"
        f"![correct-pixelart and unzoom]({path})\n"
    )

    s32 = sample_sprite(5, 32, "green")
    sizes = ((64, 64), (24, 24), (16, 16), (11, 11))
    cells = [("32x32 in", _show(s32, 6))]
    cells += [
        (f"{w}x{h}", _show(cleanup.resize_pixelart(s32, (w, h)), 6 * 32 // w if w < 32 else 3))
        for w, h in sizes
    ]
    path = _save(out, "resize.png", _row(cells))
    md.append(
        f"**resize**: clean 2x, and shrinking by cell votes that keep the outline "
        f"closed and the glint alive (no averaging).\n\n![resize]({path})\n"
    )

    s48 = sample_sprite(8, 48, "blue")
    yy, xx = np.mgrid[0:48, 0:48] / 48
    grad = np.dstack([40 + 200 * yy, 80 + 120 * xx, 220 - 150 * yy, np.full((48, 48), 255)])
    grass = ndimage.gaussian_filter(make_rng(2, "gallery", "grass").normal(0, 1, (48, 48)), 1)
    grass = grass / grass.std()
    tex = np.dstack(
        [110 + 25 * grass, 150 + 25 * grass + 30 * yy, 80 + 15 * grass, np.full((48, 48), 255)]
    )
    cells = []
    for label, backdrop, mode in (("gradient", grad, "complex"), ("grass texture", tex, "complex")):
        src = _on(s48, np.clip(backdrop, 0, 255).astype(np.uint8))
        cells += [
            (f"on {label}", _show(src, 4)),
            (f"{mode}", _show(cleanup.remove_background(src, mode).image, 4)),
        ]
    path = _save(out, "remove_background.png", _row(cells))
    md.append(
        f"**remove-background**: the backdrop connected to the border goes, the "
        f"subject stays pixel-for-pixel, no halo.\n\n![remove-background]({path})\n"
    )
    return md


def _conversions(out: Path, photo: np.ndarray, progress: Callable[[str], None]) -> list[str]:
    md = ["### Image to pixel art\n"]
    src = _show(photo, 1)
    path = _save(out, "landscape_input.png", _row([("input: a 640x400 painted photo", src)]))
    md.append(
        f"The input, a render finished like a photo (grain, blur, JPEG):\n\n![input]({path})\n"
    )
    runs = [
        ("image-to-pixelart 160x100", convert.image_to_pixelart(photo, (160, 100), seed=1)),
        ("pro (auto size)", convert.image_to_pixelart_pro(photo, seed=1)),
        (
            "pro: retro vibes with light dithering",
            convert.image_to_pixelart_pro(photo, "retro vibes with light dithering", seed=1),
        ),
        (
            "pro: anime styled with sharp edges",
            convert.image_to_pixelart_pro(photo, "anime styled with sharp edges", seed=1),
        ),
        ("pro: gameboy", convert.image_to_pixelart_pro(photo, "gameboy", seed=1)),
        (
            "pro-flash: 8 colours, 4x4 dither",
            convert.image_to_pixelart_pro_flash(photo, palette_size=8, dithering=4, seed=1),
        ),
    ]
    for i, (label, r) in enumerate(runs):
        progress(f"utilities: conversion {i + 1}/{len(runs)}")
        zoom = max(1, 640 // r.size[0])
        text = f"{label}: {r.size[0]}x{r.size[1]}, {len(r.palette)} colours"
        path = _save(out, f"convert_{i}.png", _row([(text, _show(r.image, zoom))]))
        md.append(f"![{label}]({path})\n")
    return md


def _normals(out: Path) -> list[str]:
    cells = []
    for seed, ramp in ((4, "gold"), (9, "blue")):
        s = sample_sprite(seed, 32, ramp)
        nm = normal_map(s, strength=1.2)
        n = decode_normals(nm)
        n /= np.linalg.norm(n, axis=-1, keepdims=True) + 1e-9
        cells += [("sprite", _show(s, 5)), ("normal map", _show(nm, 5))]
        for name, light in (
            ("lit from top-left", (-0.5, 0.6, 0.62)),
            ("lit from right", (0.8, 0.0, 0.6)),
        ):
            unit = np.array(light) / np.linalg.norm(light)
            lit = s.astype(np.float64)
            lit[..., :3] *= (0.35 + 0.85 * np.clip(n @ unit, 0, 1))[..., None]
            cells.append((name, _show(np.clip(lit, 0, 255).astype(np.uint8), 5)))
    path = _save(out, "normal_map.png", _row(cells))
    return [
        "### Normal maps\n",
        "Bevel from the silhouette plus relief per colour, Sobel normals snapped to 8 "
        f"directions, flat areas exactly (128, 128, 255).\n\n![normal maps]({path})\n",
    ]


def _effects(out: Path, progress: Callable[[str], None]) -> list[str]:
    md = [
        "### VFX\n",
        "Each row is one loop of 8 frames (64x64, shown at 2x); the last frame "
        "leads into the first.\n",
    ]
    for i, text in enumerate(VFX_DESCRIPTIONS):
        progress(f"utilities: vfx {i + 1}/{len(VFX_DESCRIPTIONS)}")
        r = vfx.render_vfx(text, (64, 64), 8, seed=3)
        label = f'"{text}" -> {r.spec.kind}, {len(r.palette)} colours'
        path = _save(out, f"vfx_{r.spec.kind}.png", _row([(label, _show(r.sheet, 2))]))
        gif = out / f"vfx_{r.spec.kind}.gif"
        frames = [_show(f, 3) for f in r.frames]
        frames[0].save(gif, save_all=True, append_images=frames[1:], duration=90, loop=0)
        md.append(f"![{text}]({path}) ![{text} (animated)]({NAME}/{gif.name})\n")
    return md


def build(out: Path, progress: Callable[[str], None]) -> str:
    """Write this section's PNGs under ``out`` and return its Markdown."""
    progress("utilities: painting the landscape")
    photo = landscape()
    md = ["Before and after, for every image utility, at integer zoom.\n"]
    progress("utilities: clean-up tier")
    md += _clean_up(out, photo)
    md += _conversions(out, photo, progress)
    progress("utilities: normal maps")
    md += _normals(out)
    md += _effects(out, progress)
    return "\n".join(md)
