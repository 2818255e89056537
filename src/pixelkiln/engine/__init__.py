"""The procedural pixel-art engine: pure numpy/scipy/Pillow, no web, storage or job system.

Every random choice comes from :func:`pixelkiln.engine.rng.make_rng`, so the same request
with the same seed gives byte-identical PNGs.

The core every family draws with:

- :func:`pixelkiln.engine.materials.render_material` - a description (or spec) to a
  seamless :class:`~pixelkiln.engine.materials.Texture` of any size; and
  :func:`pixelkiln.engine.materials.material_ramp` - just its colour ramp;
- :mod:`pixelkiln.engine.text` - descriptions to a frozen ``MaterialSpec`` (lexicon,
  fuzzy match, then the reader);
- :mod:`pixelkiln.engine.reader` - texts to unit vectors: the MiniLM sentence model run in
  numpy by :mod:`.embedding` when installed, else the static table distilled from it that
  ships in the package; ``PhraseTable`` ranks any labelled phrases with it;
- :mod:`pixelkiln.engine.palette` - hue-shifted OKLCH ramps, forced palettes
  (``color_image``), palette extraction; :mod:`pixelkiln.engine.reference` - reference
  and style images reduced to what steers a render;
- :mod:`pixelkiln.engine.style` - the outline / shading / detail knobs;
- :mod:`pixelkiln.engine.noise` - periodic noise and toroidal Voronoi cells;
  :mod:`pixelkiln.engine.despeckle` - wrapping cluster cleanup;
- :mod:`pixelkiln.engine.quality` - the gates: stray pixels, clusters, seams, colours,
  palette adherence, ramps.
"""
