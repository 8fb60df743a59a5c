"""Host cells: a value the trace stores in a variable that only a host callback reads and
rebinds (`nonlocal`) is the callback's state, not a constant of the compiled program. Measured on
jax 0.10.2 (a jitted `train` sets `last = time.time()`, its `jax.debug.callback` reads `last`,
0.3 s between calls): rebinding `last` in the callback, it sees 0.29, 0.30, 0.30 s; without
rebinding, 0.04, 0.34, 0.64 s, the time since the trace."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from jaxcheck.analysis import ModuleFacts

TEMPLATE = """
    import time
    import jax

    @jax.jit
    def train(x):
        last = time.time()
        {body}
        return x + 1
"""


def initialises_host_cell(body: str) -> bool:
    source = textwrap.dedent(TEMPLATE).replace("{body}", textwrap.indent(textwrap.dedent(body), "    ").strip())
    facts = ModuleFacts(cst.parse_module(source))
    (train,) = [f for f in facts.functions if f.name == "train"]
    ((_, clock),) = [(t, v) for t, v in train.assignments if isinstance(t, cst.Name) and t.value == "last"]
    return facts.initialises_host_cell(clock, train)


def test_a_callback_that_reads_and_rebinds_the_variable():
    assert initialises_host_cell(
        """
        def log(v):
            nonlocal last
            now = time.time()
            print(now - last)
            last = now
        jax.debug.callback(log, x)
        """
    )


@pytest.mark.parametrize(
    "body",
    [
        # the callback reads the trace-time value on every call
        """
        def log(v):
            print(time.time() - last)
        jax.debug.callback(log, x)
        """,
        # the trace reads it too: the value enters the program
        """
        def log(v):
            nonlocal last
            last = time.time()
        jax.debug.callback(log, x)
        x = x + last
        """,
        # a traced body (a scan step) reads and rebinds it while tracing
        """
        def step(c, _):
            nonlocal last
            last = last + 1.0
            return c + last, None
        x = jax.lax.scan(step, x, None, 3)[0]
        """,
        # a default, evaluated by the trace
        """
        def log(v, start=last):
            nonlocal last
            last = time.time()
        jax.debug.callback(log, x)
        """,
    ],
)
def test_a_value_that_reaches_the_trace(body):
    assert not initialises_host_cell(body)
