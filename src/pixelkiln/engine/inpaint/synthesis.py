"""Exemplar-based fill: the hole is filled from its rim inwards, each pixel copied from
the centre of the known patch that best matches its known neighbourhood.

Onion peel: every pass fills the hole pixels that touch known ones. For each of them the
7 x 7 window of known pixels is compared (sum of squared RGBA differences over the known
entries) with candidate source patches: a random sample of fully known patches, plus
the *coherent* candidates, the sources of the already-filled neighbours shifted by the
offset to them (so a brick row or a plank keeps going). Copying a source pixel's value
means the fill adds no colour the image does not have.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from pixelkiln.engine.rng import make_rng

__all__ = ["synthesize"]

R = 3  # patch radius: 7 x 7 windows
SAMPLES = 300
REFINE = 3
#: Random candidates per pass over the whole front, and the largest fill refined 3 times.
BUDGET = 40_000
REFINE_LIMIT = 20_000
#: Holes larger than this are filled block by block (:func:`_quilt`): pixel by pixel
#: would take minutes.
QUILT_FROM = 2_000
BLOCK = 8
OVERLAP = 2
#: Front pixels compared at once (bounds the memory of one comparison).
CHUNK = 192
_NEIGHBOURS = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]


def _windows(img: np.ndarray) -> np.ndarray:
    """(h, w, 5, 5, c) windows of an edge-padded image, centred on every pixel."""
    pad = np.pad(img, ((R, R), (R, R)) + ((0, 0),) * (img.ndim - 2), mode="edge")
    win = sliding_window_view(pad, (2 * R + 1, 2 * R + 1), axis=(0, 1))
    if img.ndim == 3:  # sliding_window_view puts the window axes last
        win = np.moveaxis(win, 2, -1)
    return win


def synthesize(
    rgba: np.ndarray,
    hole: np.ndarray,
    seed: int = 0,
    source: np.ndarray | None = None,
    extra: np.ndarray | None = None,
) -> np.ndarray:
    """``rgba`` with its ``hole`` pixels filled from the rest (see the module docstring).

    ``source`` limits where patches may come from (default: everywhere outside the hole);
    ``extra`` is another image (a context) whose fully opaque patches are candidates too.
    """
    out = rgba.copy()
    h, w = hole.shape
    hole = hole.copy()
    known = ~hole
    known0 = known.copy()
    if not hole.any():
        return out
    allowed = known if source is None else (source & known)
    if not allowed.any():
        return out
    rng = make_rng(seed, "inpaint synthesis")
    if hole.sum() > QUILT_FROM:
        return _quilt(out, hole, allowed, rng)
    # Source patch centres: windows entirely known (interior), else any known pixel.
    kwin = _windows(allowed[..., None].astype(np.uint8))[..., 0]
    full = kwin.reshape(h, w, -1).all(-1)
    ys, xs = np.nonzero(full if full.sum() >= 8 else allowed)
    src_img = [out.astype(np.int32)]
    src_known = [allowed]
    if extra is not None and extra.size:
        src_img.append(extra.astype(np.int32))
        src_known.append(extra[..., 3] > 0)
    # Candidate pool: positions in the image (and in the context image, tagged 1).
    pool = [(0, y, x) for y, x in zip(ys.tolist(), xs.tolist(), strict=True)]
    if extra is not None and extra.size:
        eh, ew = extra.shape[:2]
        ey, ex = np.nonzero(src_known[1][R : eh - R, R : ew - R])
        step = max(1, len(ey) // 4000)
        pool += [
            (1, y + R, x + R) for y, x in zip(ey[::step].tolist(), ex[::step].tolist(), strict=True)
        ]
    if not pool:
        return out
    pool_arr = np.array(pool, np.int64)
    src_of = np.full((h, w, 3), -1, np.int64)  # (image, y, x) each filled pixel came from
    wins_extra = _windows(src_img[1]) if len(src_img) > 1 else None
    for _ in range(h * w):
        if not hole.any():
            break
        kn = known.copy()
        ring = np.zeros_like(hole)
        for dy, dx in _NEIGHBOURS:
            shifted = np.zeros_like(kn)
            shifted[max(0, dy) : h + min(0, dy), max(0, dx) : w + min(0, dx)] = kn[
                max(0, -dy) : h + min(0, -dy), max(0, -dx) : w + min(0, -dx)
            ]
            ring |= shifted
        front = hole & ring
        if not front.any():
            break
        fy, fx = np.nonzero(front)
        cur = out.astype(np.int32)
        win = _windows(cur)[fy, fx].reshape(len(fy), -1, 4)  # (F, 49, 4)
        wk = _windows(kn[..., None].astype(np.uint8))[..., 0][fy, fx].reshape(len(fy), -1) > 0
        # Large fronts compare fewer random patches each (the coherent ones carry them).
        budget = int(np.clip(BUDGET // max(1, len(fy)), 16, SAMPLES))
        pick = pool_arr[rng.integers(0, len(pool_arr), min(budget, len(pool_arr)))]
        cands = np.repeat(pick[None], len(fy), axis=0)  # (F, S, 3)
        # Coherent candidates: a filled or known neighbour's source, shifted.
        coh = []
        for dy, dx in _NEIGHBOURS:
            ny, nx = np.clip(fy + dy, 0, h - 1), np.clip(fx + dx, 0, w - 1)
            # Only filled neighbours carry a source to continue (a known pixel's own
            # continuation would be this very hole pixel).
            s = src_of[ny, nx].copy()
            s[:, 1] -= dy
            s[:, 2] -= dx
            coh.append(s)
        coh_arr = np.stack(coh, 1)  # (F, 8, 3)
        cands = np.concatenate([cands, coh_arr], axis=1)
        ok = _valid(cands, src_known, hole)
        src_img[0] = cur
        best = _best(win, wk, cands, src_img, wins_extra, ok)
        chosen = cands[np.arange(len(fy)), best]
        img_idx, sy, sx = chosen[:, 0], chosen[:, 1], chosen[:, 2]
        vals = np.where(
            (img_idx == 0)[:, None],
            cur[np.clip(sy, 0, h - 1), np.clip(sx, 0, w - 1)],
            src_img[-1][
                np.clip(sy, 0, src_img[-1].shape[0] - 1), np.clip(sx, 0, src_img[-1].shape[1] - 1)
            ],
        )
        out[fy, fx] = vals.astype(np.uint8)
        src_of[fy, fx] = chosen
        hole[fy, fx] = False
        known[fy, fx] = True
    filled = ~known0 & known
    for _ in range(REFINE if filled.sum() <= REFINE_LIMIT else 1):
        out = _refine(out, filled, src_of, pool_arr, src_img, src_known, known0, wins_extra, rng)
    return out


def _refine(
    out: np.ndarray,
    filled: np.ndarray,
    src_of: np.ndarray,
    pool: np.ndarray,
    src_img: list[np.ndarray],
    src_known: list[np.ndarray],
    known0: np.ndarray,
    wins_extra: np.ndarray | None,
    rng: np.random.Generator,
) -> np.ndarray:
    """One PatchMatch-style pass: every filled pixel re-chooses its source among its own,
    its neighbours' (shifted) and a few random ones, now that its whole window is known."""
    h, w = filled.shape
    fy, fx = np.nonzero(filled)
    if len(fy) == 0:
        return out
    cur = out.astype(np.int32)
    win = _windows(cur)[fy, fx].reshape(len(fy), -1, 4)
    wk = np.ones(win.shape[:2], bool)
    own = src_of[fy, fx][:, None]
    coh = []
    for dy, dx in _NEIGHBOURS:
        ny, nx = np.clip(fy + dy, 0, h - 1), np.clip(fx + dx, 0, w - 1)
        c = src_of[ny, nx].copy()
        c[:, 1] -= dy
        c[:, 2] -= dx
        coh.append(c)
    rand = pool[rng.integers(0, len(pool), (len(fy), 24))]
    cands = np.concatenate([rand, own, np.stack(coh, 1)], axis=1)
    ok = _valid(cands, src_known, ~known0)
    src_img[0] = cur
    best = _best(win, wk, cands, src_img, wins_extra, ok, coherent=9)
    chosen = cands[np.arange(len(fy)), best]
    img_idx, sy, sx = chosen[:, 0], chosen[:, 1], chosen[:, 2]
    vals = np.where(
        (img_idx == 0)[:, None],
        cur[np.clip(sy, 0, h - 1), np.clip(sx, 0, w - 1)],
        src_img[-1][
            np.clip(sy, 0, src_img[-1].shape[0] - 1), np.clip(sx, 0, src_img[-1].shape[1] - 1)
        ],
    )
    new = out.copy()
    new[fy, fx] = vals.astype(np.uint8)
    src_of[fy, fx] = chosen
    return new


def _valid(cands: np.ndarray, src_known: list[np.ndarray], hole: np.ndarray) -> np.ndarray:
    """Which candidates point at a copyable pixel."""
    ok = np.zeros(cands.shape[:2], bool)
    for i, kn in enumerate(src_known):
        hh, ww = kn.shape
        sel = cands[..., 0] == i
        y, x = cands[..., 1], cands[..., 2]
        inside = sel & (y >= 0) & (y < hh) & (x >= 0) & (x < ww)
        yy, xx = np.clip(y, 0, hh - 1), np.clip(x, 0, ww - 1)
        good = kn[yy, xx] if i > 0 else (kn[yy, xx] & ~hole[yy, xx]) | (~hole[yy, xx])
        ok |= inside & good
    return ok


def _best(
    win: np.ndarray,
    wk: np.ndarray,
    cands: np.ndarray,
    src_img: list[np.ndarray],
    wins_extra: np.ndarray | None,
    ok: np.ndarray,
    coherent: int = 8,
) -> np.ndarray:
    """Index of the best candidate of each front pixel, a chunk of the front at a time."""
    parts = [
        _best_chunk(
            win[i : i + CHUNK],
            wk[i : i + CHUNK],
            cands[i : i + CHUNK],
            src_img,
            wins_extra,
            ok[i : i + CHUNK],
            coherent,
        )
        for i in range(0, len(win), CHUNK)
    ]
    return np.concatenate(parts) if parts else np.zeros(0, np.int64)


def _best_chunk(
    win: np.ndarray,
    wk: np.ndarray,
    cands: np.ndarray,
    src_img: list[np.ndarray],
    wins_extra: np.ndarray | None,
    ok: np.ndarray,
    coherent: int = 8,
) -> np.ndarray:
    """Index of the best candidate of each front pixel."""
    f, s = cands.shape[:2]
    src_wins = _windows(src_img[0])
    h, w = src_img[0].shape[:2]
    y, x = np.clip(cands[..., 1], 0, h - 1), np.clip(cands[..., 2], 0, w - 1)
    pat = src_wins[y, x].reshape(f, s, -1, 4)
    if wins_extra is not None:
        eh, ew = src_img[1].shape[:2]
        ey, ex = np.clip(cands[..., 1], 0, eh - 1), np.clip(cands[..., 2], 0, ew - 1)
        other = wins_extra[ey, ex].reshape(f, s, -1, 4)
        pat = np.where((cands[..., 0] == 1)[..., None, None], other, pat)
    diff = (pat - win[:, None]) ** 2  # (F, S, 25, 4)
    cost = (diff.sum(-1) * wk[:, None]).sum(-1).astype(np.float64)
    # Coherent candidates (the last ones) win ties and near-ties: continuing a neighbour's
    # source keeps structures whole instead of a speckle of equally good single pixels.
    cost[:, : s - coherent] = cost[:, : s - coherent] * 1.5 + 900.0 * wk.sum(-1)[:, None]
    cost[~ok] = np.inf
    return cost.argmin(1)


def _quilt(
    out: np.ndarray, hole: np.ndarray, allowed: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    """Large holes: blocks copied in reading order, each the sampled source block whose
    overlap with what is already there (known or filled, above and left) matches best.
    Only hole pixels are written, so the known ones stay byte for byte."""
    h, w = hole.shape
    size = BLOCK + OVERLAP
    img = out.astype(np.int32)
    known = ~hole
    # Source corners whose whole size x size block is allowed.
    ok = (
        np.ones((h - size + 1, w - size + 1), bool)
        if h >= size and w >= size
        else np.zeros((0, 0), bool)
    )
    if ok.size:
        a = np.pad(allowed.astype(np.int32), ((1, 0), (1, 0))).cumsum(0).cumsum(1)
        total = a[size:, size:] - a[:-size, size:] - a[size:, :-size] + a[:-size, :-size]
        ok = total == size * size
    ys, xs = np.nonzero(ok)
    if len(ys) == 0:
        # No whole block to copy from: the nearest known colour fills each hole pixel.
        from scipy import ndimage

        _, (iy, ix) = ndimage.distance_transform_edt(~allowed, return_indices=True)
        out[hole] = out[iy[hole], ix[hole]]
        return out
    top, bottom = np.nonzero(hole.any(1))[0][[0, -1]]
    left, right = np.nonzero(hole.any(0))[0][[0, -1]]
    for y in range(int(top) - OVERLAP, int(bottom) + 1, BLOCK):
        for x in range(int(left) - OVERLAP, int(right) + 1, BLOCK):
            y0, x0 = max(0, y), max(0, x)
            y1, x1 = min(h, y + size), min(w, x + size)
            target = hole[y0:y1, x0:x1]
            if not target.any():
                continue
            bh, bw = y1 - y0, x1 - x0
            pick = rng.integers(0, len(ys), min(200, len(ys)))
            sy, sx = ys[pick], xs[pick]
            blocks = img[
                sy[:, None, None] + np.arange(bh)[None, :, None],
                sx[:, None, None] + np.arange(bw)[None, None, :],
            ]
            have = known[y0:y1, x0:x1]
            diff = ((blocks - img[y0:y1, x0:x1][None]) ** 2).sum(-1)
            cost = (diff * have[None]).sum((1, 2))
            best = int(cost.argmin())
            chosen = blocks[best]
            region = img[y0:y1, x0:x1]
            region[target] = chosen[target]
            known[y0:y1, x0:x1] |= target
    out[hole] = img[hole].astype(np.uint8)
    return out
