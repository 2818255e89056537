"""Convex primitives hit by orthographic rays, all pixels of a part at once.

A subject is built from a few dozen primitives, each in its own frame:

- ``ellipsoid``: radii ``(rx, ry, rz)`` about the origin (heads, torsos, crowns of trees);
- ``capsule``: the convex hull of a sphere of radius ``r0`` at the origin and one of
  radius ``r1`` at ``(0, 0, length)`` - a rounded cone (limbs, necks, tails, horns);
- ``frustum``: a cone cut flat at ``z = 0`` (radius ``r0``) and ``z = length`` (``r1``),
  its cross-section stretched by ``(sx, sy)`` (barrels, hats, pillars, logs, coins);
- ``box``: half sizes ``(hx, hy, hz)`` about the origin (crates, tables, plates).

Any of them can be cut by half-spaces ``n . p <= d`` (a lid is half a cylinder, a hood
an ellipsoid opened in front). A ``hollow`` shape shows its inside through a cut: the ray
that enters through the cut sees the far wall from within, so a hood shows the face
inside it and an open chest its dark interior.

Every intersector collects the candidate boundary hits of its convex solid (sphere caps,
cone sides, flat caps, slabs) and takes the nearest valid one as the entry and the
farthest as the exit; a convex solid has exactly those two. Everything is vectorised
over the rays of one part's screen box, so a subject costs a few milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Hits", "Shape", "intersect"]

_INF = np.inf
_EPS = 1e-9


@dataclass(frozen=True)
class Shape:
    """A primitive's kind, dimensions and cuts (see the module docstring)."""

    kind: str
    size: tuple[float, ...]
    clips: tuple[tuple[float, float, float, float], ...] = ()
    hollow: bool = False

    def bound(self) -> tuple[np.ndarray, float]:
        """A bounding sphere (centre, radius) in the shape's own frame."""
        s = self.size
        if self.kind == "ellipsoid":
            return np.zeros(3), float(max(s))
        if self.kind == "box":
            return np.zeros(3), float(np.linalg.norm(s))
        if self.kind == "capsule":
            length, r0, r1 = s[0], s[1], s[2]
            return np.array([0.0, 0.0, length / 2]), length / 2 + max(r0, r1)
        if self.kind == "frustum":
            length, r0, r1 = s[0], s[1], s[2]
            sx, sy = (s[3], s[4]) if len(s) > 4 else (1.0, 1.0)
            r = max(r0, r1) * max(sx, sy)
            return np.array([0.0, 0.0, length / 2]), float(np.hypot(length / 2, r))
        msg = f"unknown shape kind {self.kind!r}"
        raise ValueError(msg)

    def normalised(self, p: np.ndarray) -> np.ndarray:
        """Local hit points scaled so the shape spans about -1..1 (z of capsules and
        frustums runs 0..1 from base to tip): the coordinates decals are placed in."""
        s = self.size
        if self.kind == "ellipsoid":
            return p / np.array(s)
        if self.kind == "box":
            return p / np.array(s)
        length, r0, r1 = s[0], s[1], s[2]
        r = max(r0, r1, _EPS)
        if self.kind == "frustum" and len(s) > 4:
            r = np.array([r * s[3], r * s[4]])
            return np.concatenate([p[:, :2] / r, p[:, 2:] / max(length, _EPS)], axis=1)
        return np.concatenate([p[:, :2] / r, p[:, 2:] / max(length, _EPS)], axis=1)


@dataclass
class Hits:
    """Per ray: distance of the visible surface, its normal and local point, and whether
    it is an inside wall seen through a hollow cut (``t`` is inf where the ray misses)."""

    t: np.ndarray
    normal: np.ndarray
    local: np.ndarray
    inside: np.ndarray


def _sphere(o: np.ndarray, d: np.ndarray, c: np.ndarray, r: float) -> tuple[np.ndarray, ...]:
    oc = o - c
    b = oc @ d
    cc = np.einsum("ij,ij->i", oc, oc) - r * r
    a = d @ d
    disc = b * b - a * cc
    ok = disc >= 0
    root = np.sqrt(np.where(ok, disc, 0.0))
    return (-b - root) / a, (-b + root) / a, ok


def _candidates_capsule(o: np.ndarray, d: np.ndarray, size: tuple[float, ...]) -> list:
    length, r0, r1 = size[0], size[1], size[2]
    out = []
    for centre, r in ((np.zeros(3), r0), (np.array([0.0, 0.0, length]), r1)):
        t0, t1, ok = _sphere(o, d, centre, r)
        for t in (t0, t1):
            p = o + t[:, None] * d
            out.append((t, (p - centre) / max(r, _EPS), ok))
    if length > _EPS:
        s = (r0 - r1) / length
        s = float(np.clip(s, -0.999, 0.999))
        q = 1.0 - s * s
        k = r0 - o[:, 2] * s
        m = d[2] * s
        a = q * (d[0] ** 2 + d[1] ** 2) - m * m
        b = 2.0 * (q * (o[:, 0] * d[0] + o[:, 1] * d[1]) + k * m)
        c = q * (o[:, 0] ** 2 + o[:, 1] ** 2) - k * k
        z_lo, z_hi = r0 * s, length + r1 * s
        for t, ok in _quadratic(a, b, c):
            p = o + t[:, None] * d
            valid = ok & (p[:, 2] >= z_lo) & (p[:, 2] <= z_hi)
            n = np.stack([q * p[:, 0], q * p[:, 1], s * (r0 - p[:, 2] * s)], axis=1)
            out.append((t, n, valid))
    return out


def _quadratic(a, b, c) -> list[tuple[np.ndarray, np.ndarray]]:
    """Both roots of ``a t^2 + b t + c = 0`` (a may be an array or 0), with validity."""
    a = np.broadcast_to(np.asarray(a, np.float64), np.shape(c))
    flat = np.abs(a) < 1e-12
    disc = b * b - 4 * a * c
    ok = (disc >= 0) & ~flat
    root = np.sqrt(np.where(ok, disc, 0.0))
    den = np.where(flat, 1.0, 2 * a)
    t0 = (-b - root) / den
    t1 = (-b + root) / den
    # A ray parallel to the cone's slope crosses it once: b t + c = 0.
    lin_ok = flat & (np.abs(b) > 1e-12)
    t_lin = -c / np.where(lin_ok, b, 1.0)
    return [(np.where(flat, t_lin, t0), ok | lin_ok), (t1, ok)]


def _candidates_frustum(o: np.ndarray, d: np.ndarray, size: tuple[float, ...]) -> list:
    length, r0, r1 = size[0], size[1], size[2]
    sx, sy = (size[3], size[4]) if len(size) > 4 else (1.0, 1.0)
    scale = np.array([1.0 / sx, 1.0 / sy, 1.0])
    os_, ds = o * scale, d * scale
    g = (r1 - r0) / max(length, _EPS)
    base = r0 + g * os_[:, 2]
    a = ds[0] ** 2 + ds[1] ** 2 - (g * ds[2]) ** 2
    b = 2.0 * (os_[:, 0] * ds[0] + os_[:, 1] * ds[1] - base * g * ds[2])
    c = os_[:, 0] ** 2 + os_[:, 1] ** 2 - base * base
    out = []
    for t, ok in _quadratic(a, b, c):
        p = os_ + t[:, None] * ds
        valid = ok & (p[:, 2] >= 0) & (p[:, 2] <= length)
        rz = r0 + g * p[:, 2]
        n = np.stack([p[:, 0] / sx, p[:, 1] / sy, -rz * g], axis=1)
        out.append((t, n, valid))
    if abs(d[2]) > _EPS:
        for z, r, nz in ((0.0, r0, -1.0), (length, r1, 1.0)):
            t = (z - o[:, 2]) / d[2]
            p = os_ + t[:, None] * ds
            valid = p[:, 0] ** 2 + p[:, 1] ** 2 <= r * r
            n = np.broadcast_to(np.array([0.0, 0.0, nz]), o.shape)
            out.append((t, n, valid))
    return out


def _box_interval(o: np.ndarray, d: np.ndarray, h: tuple[float, ...]) -> tuple[np.ndarray, ...]:
    n = len(o)
    t_in = np.full(n, -_INF)
    t_out = np.full(n, _INF)
    axis_in = np.zeros(n, np.int64)
    axis_out = np.zeros(n, np.int64)
    ok = np.ones(n, bool)
    for ax in range(3):
        if abs(d[ax]) < _EPS:
            ok &= np.abs(o[:, ax]) <= h[ax]
            continue
        t1 = (-h[ax] - o[:, ax]) / d[ax]
        t2 = (h[ax] - o[:, ax]) / d[ax]
        lo, hi = np.minimum(t1, t2), np.maximum(t1, t2)
        better_in = lo > t_in
        axis_in = np.where(better_in, ax, axis_in)
        t_in = np.where(better_in, lo, t_in)
        better_out = hi < t_out
        axis_out = np.where(better_out, ax, axis_out)
        t_out = np.where(better_out, hi, t_out)
    ok &= t_in <= t_out
    sign = -np.sign(d)
    n_in = np.zeros((n, 3))
    n_in[np.arange(n), axis_in] = sign[axis_in]
    n_out = np.zeros((n, 3))
    n_out[np.arange(n), axis_out] = -sign[axis_out]
    return t_in, t_out, n_in, n_out, ok


def _interval(shape: Shape, o: np.ndarray, d: np.ndarray) -> tuple[np.ndarray, ...]:
    """Entry and exit distances and normals of the solid (inf/-inf where missed)."""
    if shape.kind == "box":
        t_in, t_out, n_in, n_out, ok = _box_interval(o, d, shape.size)
        t_in = np.where(ok, t_in, _INF)
        t_out = np.where(ok, t_out, -_INF)
        return t_in, t_out, n_in, n_out
    if shape.kind == "ellipsoid":
        return _ellipsoid_interval(o, d, shape.size)
    if shape.kind == "capsule":
        cands = _candidates_capsule(o, d, shape.size)
    elif shape.kind == "frustum":
        cands = _candidates_frustum(o, d, shape.size)
    else:
        msg = f"unknown shape kind {shape.kind!r}"
        raise ValueError(msg)
    # The nearest valid boundary hit enters the convex solid, the farthest leaves it.
    n = len(o)
    t_in = np.full(n, _INF)
    t_out = np.full(n, -_INF)
    n_in = np.zeros((n, 3))
    n_out = np.zeros((n, 3))
    for t, normal, ok in cands:
        nearer = ok & (t < t_in)
        farther = ok & (t > t_out)
        t_in = np.where(nearer, t, t_in)
        t_out = np.where(farther, t, t_out)
        normal = np.broadcast_to(normal, o.shape)
        n_in[nearer] = normal[nearer]
        n_out[farther] = normal[farther]
    return t_in, t_out, n_in, n_out


def _ellipsoid_interval(o: np.ndarray, d: np.ndarray, size: tuple[float, ...]):
    r = np.array(size, dtype=np.float64)
    t0, t1, ok = _sphere(o / r, d / r, np.zeros(3), 1.0)
    t_in = np.where(ok, t0, _INF)
    t_out = np.where(ok, t1, -_INF)
    r2 = r * r
    n_in = (o + np.where(ok, t0, 0.0)[:, None] * d) / r2
    n_out = (o + np.where(ok, t1, 0.0)[:, None] * d) / r2
    return t_in, t_out, n_in, n_out


def intersect(shape: Shape, o: np.ndarray, d: np.ndarray) -> Hits:
    """Hit ``(N, 3)`` ray origins travelling along ``d``, all in the shape's frame."""
    t_in, t_out, n_in, n_out = _interval(shape, o, d)
    n_in = np.array(n_in, dtype=np.float64)
    n_out = np.array(n_out, dtype=np.float64)
    t_exit = t_out.copy()  # the solid's own far wall, before any cut
    from_cut = np.zeros(len(o), bool)
    for nx, ny, nz, dist in shape.clips:
        n = np.array([nx, ny, nz])
        nd = float(n @ d)
        no = o @ n
        if abs(nd) < _EPS:
            outside = no > dist
            t_in = np.where(outside, _INF, t_in)
            continue
        t_plane = (dist - no) / nd
        if nd < 0:  # entering the half-space
            later = t_plane > t_in
            t_in = np.where(later, t_plane, t_in)
            n_in[later] = n
            from_cut |= later
        else:  # leaving it
            earlier = t_plane < t_out
            t_out = np.where(earlier, t_plane, t_out)
    hit = t_in <= t_out
    inside = np.zeros(len(o), bool)
    if shape.hollow:
        # Through the cut, the far wall is seen from inside (unless the ray leaves
        # through another cut before it reaches that wall).
        wall = hit & from_cut & (t_out == t_exit)
        inside = wall
        t_in = np.where(wall, t_out, t_in)
        n_in[wall] = -n_out[wall]
        hit = hit & (~from_cut | wall)
    t = np.where(hit, t_in, _INF)
    local = o + np.where(np.isfinite(t), t, 0.0)[:, None] * d
    norm = np.linalg.norm(n_in, axis=1, keepdims=True)
    normal = n_in / np.where(norm > _EPS, norm, 1.0)
    return Hits(t=t, normal=normal, local=local, inside=inside)
