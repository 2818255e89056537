"""The reading the engine gave before descriptions were read in full (the 'before' count).

It turns the engine's :class:`~pixelkiln.engine.text.MaterialSpec` (material, modifier
words, feature names) and the UI theme's material into the evaluation's terms. Run
``python -m tests.reading.baseline`` to print the count; the figure it gave before the
reader changed is kept in ``RESULTS.md``.
"""

from __future__ import annotations

from collections import Counter

from pixelkiln.engine.text import parse_description
from pixelkiln.engine.ui.theme import _find_material
from tests.reading.evaluation import Case, Observed, score

# The modifier words the engine knew, by the effect class they amount to.
_MODIFIER_EFFECT = {
    **dict.fromkeys(("dark", "darker", "dim", "shadowy", "deep"), "dark"),
    **dict.fromkeys(("light", "pale", "bright", "sunny"), "light"),
    **dict.fromkeys(("vibrant", "vivid", "lush", "saturated", "verdant"), "vivid"),
    **dict.fromkeys(("dull", "faded", "muted", "dusty", "muddy"), "dull"),
    **dict.fromkeys(("wet", "damp"), "wet"),
    **dict.fromkeys(("dry", "arid", "parched"), "dry"),
    **dict.fromkeys(("frozen", "frosty"), "frost"),
    **dict.fromkeys(("icy", "cold", "cool"), "cold"),
    **dict.fromkeys(("warm", "golden"), "warm"),
    **dict.fromkeys(("burnt", "charred", "scorched"), "soot"),
    **dict.fromkeys(("old", "ancient", "weathered", "worn"), "age"),
    **dict.fromkeys(("polished", "shiny", "glossy"), "shiny"),
    **dict.fromkeys(("autumn", "autumnal"), "autumn"),
    "rusty": "rust",
    "mossy": "moss",
    "cracked": "cracks",
}
_FEATURE_EFFECT = {
    "cracks": "cracks",
    "moss": "moss",
    "snow": "snow",
    "rust": "rust",
    "sparkles": "shiny",
}


def read_before(case: Case) -> Observed:
    """The pre-issue reading of one case."""
    if case.family == "ui":
        body, _, _ = _find_material(case.text)
        return Observed(base=body, elements=Counter({"panel": 1}))
    spec = parse_description(case.text)
    effects = {_MODIFIER_EFFECT[m] for m in spec.modifiers if m in _MODIFIER_EFFECT}
    effects |= {_FEATURE_EFFECT[f] for f in spec.features if f in _FEATURE_EFFECT}
    return Observed(base=spec.material, effects=effects, with_=set(spec.features))


if __name__ == "__main__":
    results = score(read_before)
    good = sum(1 for _, miss in results if not miss)
    print(f"{good}/{len(results)} read as expected")
    for case, miss in results:
        if miss:
            print(f"  {case.family:9} {case.text!r}: {'; '.join(miss)}")
