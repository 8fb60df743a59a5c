"""How often CPython's cyclic garbage collector runs while jaxcheck checks code.

With CPython's default thresholds the collector walks every young object after each 700
allocations and, as the heap grows, the old ones again and again. A check holds the trees of
the modules it read for the files that import them (hundreds of thousands of objects, none in a
cycle), so those walks took a quarter of a run on research code: 33.7 s of CPU against 24.5 s
with collections spaced out, for 233 against 261 MB of memory.

What exists when a check starts (the modules imported, the caller's objects) outlives it: it is
frozen (left out of every collection) while the check lasts, and worker processes forked inside
inherit that. What the check leaves joins the oldest generation unwalked when it ends. On the library corpus (466 files, one process) collections took 3.1 s of CPU
instead of 5.4 s (27.7 s against 30.0 s in all; the one full collection of 2.6 s is gone) for
285 against 280 MB of memory. Turning the collector off instead saves no more CPU and takes
459 MB: the checks do leave cycles to collect.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

SPACED_THRESHOLDS = (50_000, 20, 50)


@contextmanager
def collections_spaced() -> Iterator[None]:
    """Collections spaced out (never closer than the current thresholds) while it lasts, and
    never walking what existed when it started (unless the caller froze objects itself: it
    leaves them as they are)."""
    previous = gc.get_threshold()
    gc.set_threshold(*(max(p, s) for p, s in zip(previous, SPACED_THRESHOLDS)))
    freezing = gc.get_freeze_count() == 0
    if freezing:
        gc.freeze()
    try:
        yield
    finally:
        if freezing:
            # What the check leaves (the trees it parsed, its results, the cycles of its
            # analyses) joins the oldest generation without a walk, as what existed before it
            # does: restoring the thresholds would otherwise collect it all at once (1.3 s of a
            # 16 s run on optax, right as the check ends); the next full collection frees the
            # cycles.
            gc.freeze()
            gc.unfreeze()
        gc.set_threshold(*previous)
