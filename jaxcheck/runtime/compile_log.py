"""Count XLA compilations per function from JAX's monitoring events.

`/jax/core/compile/backend_compile_duration` fires once per backend compilation with
``fun_name='jit(step)'``. This counts real compilations, unlike ``_cache_size()``, which also
counts weak-type cache entries.
"""

from __future__ import annotations

import collections

import jax

_EVENT = "/jax/core/compile/backend_compile_duration"


class CompileLog:
    def __init__(self) -> None:
        self.names: list[str] = []
        jax.monitoring.register_event_duration_secs_listener(self._listen)

    def _listen(self, event: str, duration: float, **kwargs: object) -> None:
        if event == _EVENT:
            self.names.append(str(kwargs.get("fun_name", "?")))

    def mark(self) -> int:
        return len(self.names)

    def since(self, mark: int) -> collections.Counter[str]:
        return collections.Counter(self.names[mark:])

    @staticmethod
    def count_of(counts: collections.Counter[str], function: str | list[str]) -> int:
        """Compilations of ``function`` (or of any of a list of names) under any staging
        transform (`jit(f)`, `pmap(f)`)."""
        functions = [function] if isinstance(function, str) else function
        endings = tuple(f"({name})" for name in functions)
        return sum(n for name, n in counts.items() if name.endswith(endings))


_log: CompileLog | None = None


def compile_log() -> CompileLog:
    global _log
    if _log is None:
        _log = CompileLog()
    return _log
