"""What `jaxcheck run` and the pytest plugin count compiles with, measured on the installed jax.

    JAX_PLATFORMS=cpu python bench/measure_compile_events.py

Prints, for one jitted function called with 5 shapes after ``logging.disable(logging.WARNING)``:
the monitoring events per compile and the name each carries; how many tracing-cache-miss
explanations JAX produced (taken where it hands them to the logger of
``jax._src.interpreters.partial_eval``) and how many reached a logging handler. Then, for 4
threads compiling 2 new shapes each, the compile events and whether each came in the thread
whose last finished trace was that function. On jax 0.10.2 (CPU):
``backend_compile_duration fun_name='jit(step)': 5``, explanations 5, handler 0 (the plain events
``/jax/compilation_cache/...`` carry no function name); threads: 8
compile events, explanations 8, all 13 compiles in the thread that traced them.
"""

from __future__ import annotations

import collections
import logging
import threading

import jax
import jax.numpy as jnp
from jax import monitoring
from jax._src.interpreters import partial_eval

events: collections.Counter[tuple[str, str | None]] = collections.Counter()
same_thread: collections.Counter[bool] = collections.Counter()
last_trace: dict[int, str | None] = {}


def on_duration(event: str, seconds: float, **kwargs: object) -> None:
    name = kwargs.get("fun_name")
    events[(event, name)] += 1  # type: ignore[index]
    if event == "/jax/core/compile/jaxpr_trace_duration":
        last_trace[threading.get_ident()] = name  # type: ignore[assignment]
    if event == "/jax/core/compile/backend_compile_duration" and name == "jit(step)":
        same_thread[last_trace.get(threading.get_ident()) == "step"] += 1


plain_events: collections.Counter[str] = collections.Counter()


def on_event(event: str, **kwargs: object) -> None:
    plain_events[f"{event} {sorted(kwargs)}"] += 1


class Tap:
    def __init__(self, real: logging.Logger) -> None:
        self.real, self.seen = real, 0

    def log(self, level: int, message: str, *args: object, **kwargs: object) -> None:
        self.seen += 1
        self.real.log(level, message, *args, **kwargs)


class Received(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def main() -> None:
    monitoring.register_event_duration_secs_listener(on_duration)
    monitoring.register_event_listener(on_event)
    jax.config.update("jax_explain_cache_misses", True)
    tap, received = Tap(partial_eval.logger), Received()
    partial_eval.logger.addHandler(received)
    partial_eval.logger.propagate = False
    partial_eval.logger = tap
    logging.disable(logging.WARNING)

    @jax.jit
    def step(x):
        return x * 2

    for n in range(1, 6):
        step(jnp.ones(n))
    print(f"jax {jax.__version__}: 5 shapes after logging.disable(logging.WARNING)")
    for (event, name), count in sorted(events.items(), key=lambda item: (item[0][0], str(item[0][1]))):
        if name in ("step", "jit(step)"):
            print(f"  {event} fun_name={name!r}: {count}")
    print(f"  explanations produced: {tap.seen}; received by a handler: {received.count}")
    for event, count in sorted(plain_events.items()):
        print(f"  event {event}: {count} (with the eager jnp.ones compiles; no function named)")

    events.clear()
    tap.seen = 0

    def work(i: int) -> None:
        step(jnp.ones(100 + 2 * i))
        step(jnp.ones(101 + 2 * i))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    compiles = events[("/jax/core/compile/backend_compile_duration", "jit(step)")]
    print(f"4 threads x 2 new shapes: compile events {compiles}, explanations {tap.seen}")
    print(f"  compiles (all so far) in the thread whose last trace was `step`: {same_thread[True]} of {sum(same_thread.values())}")


if __name__ == "__main__":
    main()
