"""Objects and map objects (family G): 1-direction candidates and their review, 8-direction
and pro-flash objects, states, animations, the library and its exports, map objects.

One module per concern: :mod:`.create` (the three ways to make an object), :mod:`.review`
(select-frames, dismiss-review), :mod:`.states`, :mod:`.animations` (and :mod:`.motions`,
reading a description into a prop's motion), :mod:`.library` (details, list, delete, tags,
spritesheet), :mod:`.map_objects`; underneath, :mod:`.reading` (a description as an object,
and the candidates of a request), :mod:`.style` (style from images), :mod:`.draw` (drawing
from a stored spec and look), :mod:`.jobs` (several jobs in one submission),
:mod:`.costs` (the price ladder) and :mod:`.common` (names, storage layout).
"""
