"""The engine's 2-D FFTs equal numpy's bit for bit."""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.fft import fft2, irfft2, rfft2

SHAPES = [(h, w) for h in range(8, 41, 3) for w in range(8, 41, 5)] + [(64, 96), (128, 128)]


def test_same_values_as_numpy() -> None:
    rng = np.random.default_rng(5)
    for h, w in SHAPES:
        field = rng.standard_normal((h, w))
        spectrum = rfft2(field)
        assert np.array_equal(spectrum, np.fft.rfft2(field))
        filtered = spectrum * rng.random(spectrum.shape)
        assert np.array_equal(irfft2(filtered, (h, w)), np.fft.irfft2(filtered, s=(h, w)))
        assert np.array_equal(fft2(field), np.fft.fft2(field))
