"""The cache key of host calls of jitted callables (analysis/host/cache_keys.py): which
parameters each call keys statically, and which identity-keyed arguments the code builds anew
between calls, with why (measured on jax 0.10.2: see tests/evidence/test_recompilation.py and
bench/measure_library_callable_keys.py)."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxcheck.analysis import ModuleFacts


def facts_of(source: str) -> ModuleFacts:
    return ModuleFacts(cst.parse_module(textwrap.dedent(source)))


def renewals(source: str) -> list[tuple[str, str, str, str]]:
    """(function, parameter, part, why renewed) of each identity key, in source order."""
    return [(key.function, key.param, key.part, key.renewed) for key in facts_of(source).identity_keys]


def test_a_jitted_call_is_bound_to_the_parameters_it_keys_statically():
    facts = facts_of(
        """
        from functools import partial
        import jax

        @partial(jax.jit, static_argnames=("fn",))
        def apply(x, fn):
            return fn(x)

        def run(xs):
            return [apply(x, fn=abs) for x in xs]
        """
    )
    (call,) = facts.jitted_calls
    assert call.static == frozenset({"fn"})
    assert [param.name for param, _ in call.arguments] == ["x", "fn"]
    assert call.label == "`apply`"


# A plain class (hashed by identity) and a jitted callable taking one at a static position.
CONFIG_STEP = """
        import jax

        class Config:
            pass

        step = jax.jit(lambda x, c: x, static_argnums=1)
"""


def test_an_object_built_per_iteration_is_renewed_by_the_iteration_and_one_per_call_by_the_call():
    source = CONFIG_STEP + """
        def each_step(xs):
            for x in xs:
                step(x, Config())

        def each_call(x):
            config = Config()
            return step(x, config)

        def evaluate(xs):
            return [each_call(x) for x in xs]
    """
    assert renewals(source) == [("`step`", "c", "static", "iteration"), ("`step`", "c", "static", "call")]


def test_a_value_built_by_a_function_no_checked_code_calls_is_not_renewed():
    # An entry point as often as a hot path (a script's `run`): one object for all its calls.
    source = CONFIG_STEP + """
        def run(x):
            config = Config()
            return step(x, config)
    """
    assert renewals(source) == []


def test_a_value_built_once_by_an_entry_point_is_not_renewed():
    source = CONFIG_STEP + """
        def main(xs):
            config = Config()
            for x in xs:
                step(x, config)
    """
    assert renewals(source) == []


def test_a_value_built_per_run_of_a_function_that_runs_once_is_not_renewed():
    # Measured on jax 0.10.2 (bench/measure_entry_point_statics.py): an object built once per
    # run of an entry point compiles once however many steps use it; 3 runs compile 3 times.
    source = CONFIG_STEP + """
        def run(xs):  # nothing calls it: an entry point
            config = Config()
            for x in xs:
                step(x, config)

        def train(x):
            return step(x, Config())

        def experiment(x):
            return train(x)  # runs once per run of `experiment`, which runs once

        experiment(1.0)
    """
    assert renewals(source) == []


def test_a_value_built_per_call_of_a_function_called_in_a_loop_or_by_a_method_is_renewed():
    source = CONFIG_STEP + """
        def train(x):
            return step(x, Config())

        for x in (1.0, 2.0, 3.0):
            train(x)

        class Runner:
            def evaluate(self, x):
                return step(x, Config())
    """
    assert [key.renewed for key in facts_of(source).identity_keys] == ["call", "call"]


def test_the_receiver_a_caller_builds_per_episode_is_renewed_by_the_caller():
    source = """
        from functools import partial
        import jax

        class Agent:
            @partial(jax.jit, static_argnums=0)
            def _act(self, obs):
                return obs

            def act(self, obs):
                return self._act(obs)

        def episode(steps):
            agent = Agent()
            for t in range(steps):
                agent.act(t)

        def evaluate():
            for _ in range(10):
                episode(3)
    """
    assert renewals(source) == [("`_act`", "self", "static", "caller")]


def test_a_pullback_made_per_iteration_is_a_renewed_treedef():
    source = """
        import jax

        @jax.jit
        def apply(pullback, c):
            return pullback(c)

        def run(model, thetas, c):
            for theta in thetas:
                _, pullback = jax.vjp(model, theta)
                apply(pullback, c)
    """
    assert renewals(source) == [("`apply`", "pullback", "treedef", "iteration")]


def test_a_library_function_that_jits_itself_keys_each_function_it_is_given():
    source = """
        import jax.numpy as jnp
        from jax.experimental.ode import odeint

        def ramp(s):
            return s

        def response(t, tau):
            return jnp.piecewise(t, [t < 0, t >= 0], [0.0, lambda s: s / tau, ramp])

        def decay(y0, ts, k):
            return odeint(lambda y, t: -k * y, y0, ts)

        def sweep(t, y0, ts):
            for tau in range(3):
                response(t, tau)
                decay(y0, ts, tau)
    """
    assert renewals(source) == [("`jnp.piecewise`", "funclist", "static", "call"), ("`odeint`", "func", "static", "call")]


def test_a_library_function_in_a_helper_with_no_evidence_of_repeating_is_not_renewed():
    # The helper may run under a caller's jit in another module, where it compiles once.
    source = """
        import jax.numpy as jnp

        def potential(x):
            return jnp.piecewise(x, [x < 0, x >= 0], [lambda v: v ** 2, lambda v: v])
    """
    assert renewals(source) == []


def test_a_python_int_at_one_call_and_a_float_at_another_is_a_dtype_change():
    facts = facts_of(
        """
        import jax

        @jax.jit
        def step(x, lr):
            return x * lr

        def train(x):
            x = step(x, 1)
            return step(x, 0.5)
        """
    )
    (change,) = facts.dtype_changes
    assert (change.function, change.param, change.kind, change.other) == ("`step`", "lr", "a Python `float`", "a Python `int`")
    assert facts.module.code_for_node(change.earlier) == "1"


def test_calls_with_different_static_values_never_share_a_compile_and_are_no_dtype_change():
    facts = facts_of(
        """
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums=2)
        def step(x, lr, mode):
            return x * lr

        def train(x):
            x = step(x, 1, "warmup")
            return step(x, 0.5, "main")
        """
    )
    assert facts.dtype_changes == []


def test_a_static_value_that_counts_through_the_loop_varies_and_one_of_few_values_does_not():
    facts = facts_of(
        """
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums=1)
        def scaled(x, n):
            return x * n

        def train(x, steps):
            for step in range(steps):
                x = scaled(x, step)
                x = scaled(x, step % 2 == 0)  # two values, both cached
            return x
        """
    )
    (variation,) = facts.static_variations
    assert (variation.function, variation.param, variation.variable) == ("`scaled`", "n", "step")
    assert facts.module.code_for_node(variation.argument) == "step"


def test_a_slice_that_grows_with_the_loop_counter_is_a_shape_variation():
    facts = facts_of(
        """
        import jax

        @jax.jit
        def prefix_total(x):
            return x.sum()

        def totals(x, n):
            return [prefix_total(x[:i]) for i in range(1, n)]
        """
    )
    (variation,) = facts.shape_variations
    assert (variation.function, variation.param, variation.variable, variation.ragged) == ("`prefix_total`", "x", "i", False)


def test_the_last_short_batch_is_a_ragged_shape_variation():
    facts = facts_of(
        """
        import jax

        @jax.jit
        def step(w, xb):
            return w + xb.sum()

        def train(w, x, size):
            for start in range(0, len(x), size):
                w = step(w, x[start:start + size])
            return w
        """
    )
    assert [(v.param, v.ragged) for v in facts.shape_variations] == [("xb", True)]
