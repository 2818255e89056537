"""Write the phrase caches the subject readers compare texts with.

The reader (:mod:`pixelkiln.engine.reader`) reads a text with the full sentence model
when it is installed, else with the shipped table distilled from it. The phrases it is
compared with (a sentence about every role, folk, creature and prop; every animation
template's description) are embedded once by the full model and shipped, so both readers
aim at the same targets. Run ``python -m pixelkiln.engine.subjects.phrases`` (with the
model wheel installed) after changing a vocabulary or a template's description; a stale
cache is noticed at load (its phrases differ) and the phrases are embedded afresh.
"""

from __future__ import annotations

from pathlib import Path

from pixelkiln.engine.reader import write_phrase_cache
from pixelkiln.engine.subjects.motion.text import ACTION_PHRASES, action_phrases
from pixelkiln.engine.subjects.reading import SUBJECT_PHRASES, _subject_phrases

__all__ = ["write_caches"]


def write_caches() -> list[Path]:
    """Embed and store the subject and action phrases with the full model."""
    subjects, _ = _subject_phrases()
    actions = [phrase for _, phrase in action_phrases()]
    return [
        write_phrase_cache(SUBJECT_PHRASES, subjects),
        write_phrase_cache(ACTION_PHRASES, actions),
    ]


if __name__ == "__main__":
    for path in write_caches():
        print(f"wrote {path}")  # noqa: T201
