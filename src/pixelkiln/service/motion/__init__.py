"""Motion tools for any sprite (family I): rotations, rotate, text animation,
interpolation, animation edits and outfit transfer. See ``docs/families/motion.md``."""
