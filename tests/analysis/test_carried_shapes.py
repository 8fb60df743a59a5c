"""Shapes carried around a host loop, and jitted callables reached through a parameter
(analysis/host/shape_keys.py, analysis/host/cache_keys.py): a value the loop grows from itself
(`jnp.concatenate`, `jnp.pad`, a list appended to, also the caller's list a parameter holds,
and a slice of it that keeps its end, `tokens[-max_len:]`) changes shape on every pass; one the
loop binds afresh before padding it does not. A parameter that every caller hands the same
jitted function is that function, with the arguments a `functools.partial` binds counted past.
Each program claiming a hazard was run on jax 0.10.2 and compiled as its comment says
(bench/measure_carried_shapes.py)."""

from __future__ import annotations

import textwrap

from jaxcheck.api import check_source


def shape_findings(source: str) -> list[tuple[int, str]]:
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    return sorted((d.line, d.message) for d in result.diagnostics if d.code == "JAX404")


def test_padding_each_batch_afresh_keeps_one_shape() -> None:
    source = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def step(x):
            return x.sum()

        def run(data, size=4):
            for start in range(0, data.shape[0], size):
                batch = data[start:start + size]
                batch = jnp.pad(batch, ((0, size - batch.shape[0]), (0, 0)))  # 1 compile
                step(batch)
        """
    assert shape_findings(source) == []


def test_padding_a_carried_array_grows_it() -> None:
    source = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def step(x):
            return x.sum()

        def run(x, steps):
            for _ in range(steps):
                x = jnp.pad(x, (0, 1))  # one longer each pass: 3 compiles in 3
                step(x)
        """
    assert [line for line, _ in shape_findings(source)] == [11]


def test_jitted_function_passed_as_a_parameter() -> None:
    source = """
        import math
        import jax
        import jax.numpy as jnp
        from functools import partial

        def forward(weights, tokens):
            return weights[tokens].sum()

        def generate(get_logits, inputs, steps, max_len):
            window = inputs
            for _ in range(steps):
                get_logits(jnp.array(window))  # 5 tokens, then 6, ...: one compile each
                inputs.append(1)
                window = inputs[-max_len:]

        def run():
            weights = jnp.ones(11)
            generate(jax.jit(partial(forward, weights)), [0], 5, 8)
        """
    found = shape_findings(source)
    assert [line for line, _ in found] == [12]
    assert "`tokens`" in found[0][1]  # the partial binds `weights`


def test_parameter_given_other_callables_is_not_followed() -> None:
    source = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def total(x):
            return x.sum()

        def render(fn, x, size):
            for i in range(0, x.shape[0], size):
                fn(x[i:i + size])

        def run(x):
            render(total, x, 3)
            render(lambda v: v.sum(), x, 3)
        """
    assert shape_findings(source) == []


MASKED = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def episode_stats(lengths, returns):
        return jnp.mean(lengths), jnp.mean(returns)

    class Agent:
        def log(self, logs):
            mask = jnp.asarray(logs["done_mask"], dtype=jnp.bool_)
            return episode_stats(logs["lengths"][mask], logs["returns"][mask])

    def train(agent, rollout, updates):
        for update in range(updates):
            agent.log(rollout(update))  # {repeat}
"""


def test_mask_of_the_data_of_a_repeated_call_changes_shape() -> None:
    found = shape_findings(MASKED.format(repeat="masks with 3, 5, 3, 8 true: 3 compiles"))
    assert [line for line, _ in found] == [11]
    assert "with the data of every call of `Agent.log`" in found[0][1]


def test_mask_in_a_function_run_once_is_not_reported() -> None:
    once = MASKED.replace("        for update in range(updates):\n            agent.log(rollout(update))", "        agent.log(rollout(0))")
    assert "for update" not in once
    assert shape_findings(once.format(repeat="")) == []


def test_each_part_of_a_call_key_is_decided_once() -> None:
    """A call whose static value counts and whose argument's shape grows varies in two parts
    of its cache key, each read once for the rules (JAX403, JAX404)."""

    from jaxcheck.analysis import ModuleFacts
    from jaxcheck.analysis.syntax.project import parse_shared

    source = textwrap.dedent(
        """
        from functools import partial
        import jax
        import jax.numpy as jnp

        @partial(jax.jit, static_argnums=1)
        def step(x, n):
            return x.sum() * n

        def run(x):
            for i in range(1, 4):
                step(x[:i], i)
        """
    )
    facts = ModuleFacts(parse_shared("case.py", source), (), None, source)
    parts = sorted((v.part, facts.module.code_for_node(v.argument)) for v in facts.key_variations)
    assert parts == [("shape", "x[:i]"), ("static", "i")]
    assert [facts.module.code_for_node(c.argument) for c in facts.key_parts("shape")] == ["x[:i]"]


def test_partial_of_a_static_method_binds_past_its_bound_arguments_only() -> None:
    """`jax.jit(partial(self._multi_step, n))` of a staticmethod: `self._multi_step` binds
    nothing, the partial binds `steps`, so the call's arguments start at `params`."""
    source = """
        import functools
        import jax

        class Trainer:
            def __init__(self, n):
                self.n = n
                self.multi_step = jax.jit(functools.partial(self._multi_step, n))

            @staticmethod
            def _multi_step(steps, params, xs):
                return params + xs.sum() * steps

            def fit(self, params, xs, total):
                for start in range(0, total, self.n):
                    params = self.multi_step(params, xs[start:start + self.n])
                return params
        """
    found = shape_findings(source)
    assert [line for line, _ in found] == [15]
    assert "`xs`" in found[0][1]
