"""2-D FFTs of small fields, as ``np.fft`` computes them, with less overhead per call.

``np.fft.rfft2``, ``irfft2`` and ``fft2`` run one 1-D pocketfft transform per axis (the
last axis first, forward; the first axis first, inverse) and spend most of a 32 px
field's time in Python argument handling. SciPy's pocketfft binding runs the same
transforms, axis by axis in the same order with the same 1/n scaling, in one C call
each: the same values bit for bit (``tests/engine/test_fft.py``). Without that binding
(a SciPy that moved it) numpy's functions are used.
"""

from __future__ import annotations

import numpy as np

try:  # SciPy's private binding: fall back to numpy's own functions if it moves.
    from scipy.fft._pocketfft import pypocketfft as _pp
except ImportError:  # pragma: no cover
    _pp = None

__all__ = ["fft2", "irfft2", "rfft2"]

_FORWARD, _BY_N = 0, 2  # pocketfft's norm codes: no scaling, 1/n


def rfft2(field: np.ndarray) -> np.ndarray:
    """``np.fft.rfft2(field)`` of a real 2-D field."""
    if _pp is None:  # pragma: no cover
        return np.fft.rfft2(field)
    half = _pp.r2c(np.asarray(field, np.float64), (1,), True, _FORWARD, None, 1)
    return _pp.c2c(half, (0,), True, _FORWARD, None, 1)


def irfft2(spectrum: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """``np.fft.irfft2(spectrum, s=shape)`` of a half spectrum of ``shape[0]`` rows."""
    if _pp is None:  # pragma: no cover
        return np.fft.irfft2(spectrum, s=shape)
    assert spectrum.shape == (shape[0], shape[1] // 2 + 1)
    rows = _pp.c2c(np.asarray(spectrum, np.complex128), (0,), False, _BY_N, None, 1)
    return _pp.c2r(rows, (1,), int(shape[1]), False, _BY_N, None, 1)


def fft2(field: np.ndarray) -> np.ndarray:
    """``np.fft.fft2(field)`` of a real 2-D field (transformed as complex, as numpy does)."""
    if _pp is None:  # pragma: no cover
        return np.fft.fft2(field)
    rows = _pp.c2c(np.asarray(field, np.complex128), (1,), True, _FORWARD, None, 1)
    return _pp.c2c(rows, (0,), True, _FORWARD, None, 1)
