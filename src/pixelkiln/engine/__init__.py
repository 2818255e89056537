"""The procedural pixel-art engine: pure numpy/scipy/Pillow, no web, storage or job system.

Every random choice comes from :func:`pixelkiln.engine.rng.make_rng`, so the same request
with the same seed gives byte-identical PNGs.
"""
