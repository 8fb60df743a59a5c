"""Trace-time effects on objects that outlive the trace (jaxcheck.analysis.effects).

Each case is a small program checked with the real API; the expectation is the exact list of
(line, code) findings. The beliefs behind them are measured on jax 0.10.2 by the scripts in
bench/ (stale_factory_jit.py, outer_objects_through_helpers.py, undone_push.py), which the last
tests run when jax is installed.
"""

from __future__ import annotations

import importlib.util
import pathlib
import textwrap

import pytest

from jaxcheck.api import check_source

BENCH = pathlib.Path(__file__).resolve().parents[2] / "bench"

CASES = {
    # A factory returns the jitted closure: one trace serves every call of it, so the field the
    # trace reads stays the first value, although a method it calls advances it (purity/201).
    "factory_returns_the_jitted_closure": (
        """
        import jax
        import jax.numpy as jnp

        class Switch:
            def __init__(self):
                self.next_off = 1.0

            def level(self, t):
                return jnp.where(t < self.next_off, 1.0, 0.0)

            def advance(self):
                self.next_off = self.next_off + 1.0

        def make_step(switch):
            @jax.jit
            def step(t):
                out = switch.level(t)
                switch.advance()
                return out
            return step

        def run():
            step = make_step(Switch())
            return [step(jnp.float32(t)) for t in range(3)]
        """,
        [(9, "JAX108"), (12, "JAX105")],
    ),
    # The factory calls the jitted closure itself: a new trace on each call of the factory.
    "factory_calls_the_jitted_closure": (
        """
        import jax

        SCALE = 1.0

        def set_scale(s):
            global SCALE
            SCALE = s

        def run(x):
            @jax.jit
            def step(x):
                return x * SCALE
            return step(x)
        """,
        [],
    ),
    # The trace rebinds the global itself, through a helper it calls: the rebinding is the
    # finding (JAX103), not a later change (purity/801).
    "global_rebound_by_the_reading_trace": (
        """
        import jax

        KEY = None

        def seed():
            global KEY
            KEY = jax.random.PRNGKey(0)

        def next_key():
            global KEY
            if KEY is None:
                seed()
            KEY, sub = jax.random.split(KEY)
            return sub

        @jax.jit
        def sample():
            return jax.random.normal(next_key())
        """,
        [(7, "JAX103"), (13, "JAX103")],
    ),
    # A helper's parameter that every traced call binds to a module-level dict (purity/1329).
    "helper_parameter_given_an_outer_dict": (
        """
        import jax

        my_data = {"values": []}

        def update_data(data_dict, new_value):
            data_dict["values"].append(new_value)
            return new_value * 2

        step = jax.jit(lambda v: update_data(my_data, v))
        """,
        [(6, "JAX104")],
    ),
    # ... but given the jitted function's own argument, or a dict the trace builds: rebuilt on
    # every trace, nothing outlives it.
    "helper_parameter_given_a_fresh_dict": (
        """
        import jax

        def update_data(data_dict, new_value):
            data_dict["values"].append(new_value)
            return new_value * 2

        @jax.jit
        def step(data, v):
            local = {"values": []}
            update_data(local, v)
            return update_data(data, v)
        """,
        [],
    ),
    # An element of an outer container, reached by a loop over it (purity/803).
    "element_of_an_outer_container": (
        """
        import jax
        import jax.numpy as jnp

        class Model:
            def __init__(self):
                self.data = jnp.zeros(2)

        class Sim:
            def __init__(self):
                self.models = {}

            def insert(self, name):
                self.models[name] = Model()

            def step(self):
                for _, model in self.models.items():
                    model.data = model.data + 1.0
                return 0.0

        sim = Sim()
        sim.insert("a")
        fast_step = jax.jit(sim.step)
        """,
        [(17, "JAX105")],
    ),
    # A loop over objects the trace builds: fresh on every trace.
    "element_of_a_fresh_container": (
        """
        import jax
        import jax.numpy as jnp

        class Model:
            def __init__(self, x):
                self.data = x

        @jax.jit
        def step(x):
            models = [Model(x), Model(x * 2)]
            for model in models:
                model.data = model.data + 1.0
            return models[0].data
        """,
        [],
    ),
    # A push that the same trace undoes: `new` pushes the context it returns to a `with`,
    # whose `__exit__` removes it (jaxns framework/context.py); and `__enter__`/`__exit__`.
    "push_undone_on_leaving_a_with": (
        """
        import jax

        class Ctx:
            def __init__(self, rng, stack):
                self._rng = rng
                self._stack = stack

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self._stack.remove(self)

        class GlobalContext:
            def __init__(self):
                self.stack = []

            def new(self, rng):
                ctx = Ctx(rng, self.stack)
                self.stack.append(ctx)
                return ctx

        global_context = GlobalContext()

        class Scope:
            frames = []

            def __enter__(self):
                Scope.frames.append(self)
                return self

            def __exit__(self, *exc):
                Scope.frames.pop()

        @jax.jit
        def apply(x, rng):
            with global_context.new(rng) as ctx, Scope():
                return x * 2 + jax.random.uniform(ctx._rng)
        """,
        [],
    ),
    # The same push, returned to a caller that does not enter it: nothing pops it.
    "push_not_undone": (
        """
        import jax

        class Ctx:
            def __init__(self, stack):
                self._stack = stack

            def __exit__(self, *exc):
                self._stack.remove(self)

        class GlobalContext:
            def __init__(self):
                self.stack = []

            def new(self):
                ctx = Ctx(self.stack)
                self.stack.append(ctx)
                return ctx

        global_context = GlobalContext()

        @jax.jit
        def apply(x):
            global_context.new()
            return x * 2
        """,
        [(16, "JAX104")],
    ),
    # A helper of a lax loop body traced once per call of the loop: an accumulation in it
    # counts once per call, not once per step (purity/809); a plain store does not accumulate.
    "accumulation_in_a_helper_of_a_loop_body": (
        """
        import jax

        metrics = {"steps": 0, "last": 0}

        def update(x):
            metrics["steps"] += 1
            metrics["last"] = 1
            return x + 1.0

        def run(x, n):
            def body(carry, _):
                return update(carry), None
            return jax.lax.scan(body, x, None, length=n)[0]
        """,
        [(6, "JAX104")],
    ),
    # Host generators the trace builds: seeded from the OS (SystemRandom, whatever its seed;
    # default_rng() without one) their draw is frozen in; seeded by a constant it is the same
    # value on every run, traced or not (purity/801).
    "host_generator_built_in_the_trace": (
        """
        import random
        import jax
        import numpy as np

        @jax.jit
        def noisy(x):
            a = random.SystemRandom(0).random()
            rng = np.random.default_rng()
            b = rng.normal()
            c = np.random.default_rng(0).normal()
            return x + a + b + c
        """,
        [(7, "JAX106"), (9, "JAX106")],
    ),
    # A store on a traced argument changes the trace's own copy (jit rebuilds it from its
    # leaves); returned, itself or as a lax loop's initial carry, the caller gets the value on
    # every call (deeperwin's MCMC state, bench/argument_store_returned.py).
    "store_on_a_returned_argument": (
        """
        from dataclasses import dataclass
        import jax

        @jax.tree_util.register_dataclass
        @dataclass
        class State:
            r: jax.Array
            log_psi: jax.Array

        @jax.jit
        def refresh(state, x):
            state.log_psi = state.r + x
            return state, x

        def run_steps(self, func, state, n_steps):
            state.log_psi = func(state.r)
            return jax.lax.fori_loop(0, n_steps, lambda i, s: s, state)

        run = jax.pmap(run_steps, static_broadcasted_argnums=(0, 1, 3))

        class Module:  # every subclass is a pytree node (treex's `tx.Module`)
            def __init_subclass__(cls, **kwargs):
                super().__init_subclass__(**kwargs)
                jax.tree_util.register_pytree_node_class(cls)

        class Model(Module):
            @jax.jit
            def init_step(self, x):
                self.params = x * 2.0
                return self
        """,
        [],
    ),
    # Not returned, or static (the caller's own object): the store still never reaches the
    # caller, or happens once for all calls.
    "store_on_an_argument_not_returned": (
        """
        from functools import partial
        import jax

        @jax.jit
        def f(x, cpt):
            cpt.c = cpt.a * x
            return (cpt.c * x).sum()

        def g(cfg, x):
            cfg.calls = cfg.calls + 1
            return cfg

        g_jit = jax.jit(g, static_argnums=0)

        class Stepper:
            @partial(jax.jit, static_argnums=0)
            def step(self, x):
                self.last = x
                return self
        """,
        [(6, "JAX105"), (10, "JAX105"), (18, "JAX105")],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_trace_effects(name):
    source, expected = CASES[name]
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    assert sorted((d.line, d.code) for d in result.diagnostics) == expected


def _bench(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_measured_factory_jit_reads_once(capsys):
    pytest.importorskip("jax")
    _bench("stale_factory_jit").main()
    assert "jitted results [1.0, 0.0, 0.0] next_off 2.0 traces 1" in capsys.readouterr().out


def test_measured_outer_objects_through_helpers(capsys):
    pytest.importorskip("jax")
    _bench("outer_objects_through_helpers").main()
    out = capsys.readouterr().out
    assert "appended 1 times over 3 calls" in out and "model.data is a tracer: True" in out


def test_measured_loop_body_counter(capsys):
    pytest.importorskip("jax")
    _bench("loop_body_counter").main()
    assert "steps counted 2 of 10" in capsys.readouterr().out


def test_measured_store_on_a_returned_argument(capsys):
    pytest.importorskip("jax")
    _bench("argument_store_returned").main()
    out = capsys.readouterr().out
    assert "[1.0, 2.0, 3.0]" in out and "untouched: True" in out and "[11.0, 12.0, 13.0]" in out


def test_measured_undone_push(capsys):
    pytest.importorskip("jax")
    _bench("undone_push").main()
    assert capsys.readouterr().out.count("stack length 0") == 3


# -- effects of another module's helper, summarised where the trace calls it ------------------

from jaxcheck.config import Config  # noqa: E402
from jaxcheck.api import check_paths  # noqa: E402

JITTED_STEP = """
    import jax
    from {module} import {name}

    {made}

    @jax.jit
    def step(x):
        {call}
        return x * 2
"""

HELPERS = {
    # A tracker: `log` appends to a history no traced code reads (purity/1317): reported at the
    # call in the jitted step, not inside the tracker.
    "tracker_sink": (
        """
        _history = []

        class _Run:
            def log(self, metrics):
                _history.append(metrics)

        run = _Run()

        def log_metrics(metrics):
            run.log(metrics)

        def history():
            return list(_history)
        """,
        "log_metrics", "", "log_metrics({'x': x})",
        [("main.py", 8, "JAX102")],
    ),
    # A progress bar of the checked code, built outside the trace (purity/1419).
    "progress_bar": (
        """
        import sys

        class Bar:
            def __init__(self):
                self.n = 0

            def update(self, k=1):
                self.n += k
                sys.stdout.write(f"{self.n}")
        """,
        "Bar", "bar = Bar()", "bar.update(1)",
        [("main.py", 8, "JAX102")],
    ),
    # Its own I/O: a CSV writer's `write` is the line to fix (purity/310, purity/512).
    "writer_io": (
        """
        class Writer:
            def __init__(self, fh):
                self.fh = fh

            def write(self, value):
                self.fh.write(f"{value}\\n")
        """,
        "Writer", "import io\nwriter = Writer(io.StringIO())", "writer.write(x)",
        [("helpers.py", 6, "JAX102")],
    ),
    # State the computation reads back: the model's own state, reported where it changes
    # (purity/201).
    "state_read_back": (
        """
        class Switch:
            def __init__(self):
                self.next_off = 1.0

            def advance(self):
                self.next_off = self.next_off + 1.0
        """,
        "Switch", "switch = Switch()", "switch.advance()\n    x = x * switch.next_off",
        [("helpers.py", 6, "JAX105")],
    ),
}


@pytest.mark.parametrize("name", sorted(HELPERS))
def test_helper_effects_reported_at_the_call(tmp_path, name):
    helper, imported, made, call, expected = HELPERS[name]
    (tmp_path / "helpers.py").write_text(textwrap.dedent(helper).lstrip("\n"))
    main = textwrap.dedent(JITTED_STEP).lstrip("\n").format(module="helpers", name=imported, made=made, call=call)
    (tmp_path / "main.py").write_text(main)
    result = check_paths([tmp_path], Config(root=tmp_path))
    assert result.errors == []
    found = sorted(
        (pathlib.Path(d.path).resolve().relative_to(tmp_path.resolve()).as_posix(), d.line, d.code)
        for d in result.diagnostics
    )
    assert found == expected, main
