"""Sprites we did not draw: analysis of an image in, a model fitted to it out.

- :mod:`.analyse`: the subject's mask (its alpha, or the clean-up tier's background
  removal when it has none), bounding box, width profile, head / torso / legs / feet
  regions read from that profile, each region's dominant colours, and the outline and
  shading the sprite was drawn with.
- :mod:`.fit`: a subject spec and a camera whose south render lands on the sprite:
  :func:`~.fit.fit_character` for bipeds (proportions, head size and limb widths chosen
  by silhouette overlap, colours from the regions), :func:`~.fit.fit_creature` for other
  body plans (colours and camera), and :func:`~.fit.silhouette_iou`.
- :mod:`.camera`: drawing and animating a subject with an explicit camera (a fitted
  one, or any canvas a caller chooses), the same way the subject engine draws with its
  own fitted cameras.

Pure numpy / scipy; nothing here knows about storage or the web. "Any sprite in,
motion out" builds on these: the fitted spec animates with every template of its plan.
"""
