"""Edits from an instruction: the grammar (:mod:`.grammar`) and its application to the
pixels of an image the service did not draw (:mod:`.pixels`). Images the service drew
are edited through their stored model instead (the service does that)."""

from pixelkiln.engine.edits.grammar import EditOp, read_instruction
from pixelkiln.engine.edits.pixels import Edited, apply_edit

__all__ = ["EditOp", "Edited", "apply_edit", "read_instruction"]
