"""Take a named intermediate out of a traced program, and only that one."""
import contextlib

#: Names the active trace should hand back. Read at trace time only.
_WANTED = frozenset()
#: What this trace has recorded so far, in the order the model built it.
_COLLECTED = {}


@contextlib.contextmanager
def capturing(names):
    global _WANTED, _COLLECTED
    previous_wanted, previous_collected = _WANTED, _COLLECTED
    _WANTED = frozenset(names or ())
    _COLLECTED = {}
    try:
        yield _COLLECTED
    finally:
        _WANTED, _COLLECTED = previous_wanted, previous_collected


def capture(name, value):
    """Record ``value`` under ``name`` if it was asked for; return it either way."""
    if name in _WANTED:
        _COLLECTED[name] = value
    return value
