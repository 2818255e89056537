"""The craft gates hold for every subject the gallery shows: few colours, clusters not
pixels (ART.md §1.2, §5), in every direction."""

from __future__ import annotations

import pytest

from pixelkiln.engine.quality import mean_cluster
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject
from pixelkiln.gallery.subjects import CHARACTERS, CREATURES, PROPS, SEED

from .measure import colours, stray_share

#: Colours per sprite: 3-5 hues of 2-4 shades (ART.md §1.1), shared where materials meet.
COLOURS_MAX = 32
#: Opaque pixels without a same-colour neighbour (the outline aside): deliberate single
#: pixels only: eyes, noses, glints, buckles, and the notches where an interior line meets
#: the outline (a head against a body). A sprite pipeline's orphan gate soft-fails above
#: 15 (ART.md §5); a four-legged animal seen head-on has two eyes, a nose, four paws and
#: the notches of its legs and ears, so the floor is 24 (soup has hundreds).
STRAYS_MAX = 24
STRAYS_SHARE = 0.03
#: Pixel-weighted mean same-colour cluster: soup is about 3 px (ART.md §5). A sprite seen
#: end-on is small and a tiger has stripes, so the floor sits above soup, not at a tile's.
CLUSTER_MIN = 5.0


@pytest.mark.parametrize("text", CHARACTERS + CREATURES + PROPS)
def test_gallery_subjects_pass_the_gates(text: str) -> None:
    subject = Subject.from_text(text, SEED)
    canvas = "object" if subject.spec.kind == "prop" else "character"
    look = Look(view="low top-down", style=SubjectStyle(shading="medium shading"), canvas=canvas)
    drawing = draw_subject(subject, look)
    palette = drawing.palette
    skip = set()
    if palette.outline is not None:
        skip.add(tuple(int(v) for v in palette.colors[palette.outline]))
    for direction, sprite in drawing.sprites.items():
        rgba = sprite.rgba()
        assert len(colours(rgba)) <= COLOURS_MAX, (text, direction)
        opaque = int((rgba[..., 3] > 0).sum())
        strays = stray_share(rgba, skip) * opaque
        assert strays <= max(STRAYS_MAX, STRAYS_SHARE * opaque), (text, direction, strays)
        assert mean_cluster(rgba, wrap=False) >= CLUSTER_MIN, (text, direction)
