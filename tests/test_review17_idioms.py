"""Correct idioms of five research repositories never read before (review 17: alphafold, perch,
magvit, transformer_grammars, emergent_communication_at_scale) stay quiet, and the hazard next to
each is still reported. Each case is the repository's code cut to its mechanism."""

from __future__ import annotations

import textwrap

from jaxcheck.engine import EngineOptions, check_source
from jaxcheck.rules import all_rules

OPTIONS = EngineOptions(all_rules())


def codes(source: str) -> list[tuple[int, str]]:
    result = check_source("case.py", textwrap.dedent(source), OPTIONS)
    assert result.error is None, result.error
    return sorted((d.line, d.code) for d in result.diagnostics)


# magvit's trainers: `create_train_state` builds a CPU-placed jit of a closure and is called once
# by each of two entry points (`train_and_evaluate`, `evaluate`); a run takes one of them.
SETUP_FROM_TWO_ENTRY_POINTS = """
    import jax

    def create_train_state(model, dummy, rng):
        @jax.jit
        def _initialize(rng):
            return model.init(rng, dummy)
        return _initialize(rng)

    def train_and_evaluate(model, dummy, rng):
        state = create_train_state(model, dummy, rng)
        return state

    def evaluate(model, dummy, rng):
        state = create_train_state(model, dummy, rng)
        return state
"""


def test_a_setup_called_once_by_each_of_two_entry_points_compiles_once_per_run():
    assert [code for _, code in codes(SETUP_FROM_TWO_ENTRY_POINTS)] == []


def test_a_setup_called_twice_by_one_function_is_still_reported():
    source = SETUP_FROM_TWO_ENTRY_POINTS + """
    def both(model, dummy, rng):
        first = create_train_state(model, dummy, rng)
        second = create_train_state(model, dummy, rng)
        return first, second
    """
    assert [code for _, code in codes(source)] == ["JAX402"]


def test_a_setup_whose_caller_is_a_method_is_still_reported():
    source = SETUP_FROM_TWO_ENTRY_POINTS + """
    class Trainer:
        def reset(self, model, dummy, rng):
            return create_train_state(model, dummy, rng)
    """
    assert [code for _, code in codes(source)] == ["JAX402"]


# perch's hubert.py: `quantizer_pretrain = step < num_pretrain_steps`, a static argument of the
# pmapped step (two compiles in all); magvit's trainers: a task drawn at random from a registry
# built before the loop (one compile per task).
BOUNDED_STATIC = """
    import functools
    import jax

    @functools.partial(jax.pmap, static_broadcasted_argnums=0)
    def update_step(pretrain, batch):
        return batch * 2 if pretrain else batch

    @functools.partial(jax.jit, static_argnums=1)
    def train_step(batch, task):
        return task.mask_fn(batch)

    def train(batch, num_steps, num_pretrain_steps, task_reg, task_ids, rng):
        for step in range(num_steps):
            pretrain = step < num_pretrain_steps
            batch = update_step(pretrain, batch)
            cur_rng = jax.random.fold_in(rng, step)
            task_idx = jax.random.choice(cur_rng, len(task_ids))
            task = task_reg[task_ids[task_idx]]
            batch = train_step(batch, task)
        return batch
"""


def test_a_static_flag_or_an_element_of_a_fixed_registry_compiles_once_per_value():
    assert [code for _, code in codes(BOUNDED_STATIC)] == []


def test_a_static_that_counts_or_sweeps_the_collection_is_still_reported():
    source = """
        import functools
        import jax
        import jax.numpy as jnp

        @functools.partial(jax.jit, static_argnums=1)
        def pooled(x, n):
            return jnp.zeros(n) + x.sum()

        def run(x, sizes, steps):
            for i in range(steps):
                size = sizes[i]
                x = pooled(x, size)
                width = i * 2
                x = pooled(x, width)
            return x
    """
    assert [code for _, code in codes(source)] == ["JAX403", "JAX403"]


# perch's mae.py `run`: `if mode == "train": train(bundle, ...)` then `if mode == "finetune":
# classifier.train(bundle, ...)`, each consuming `bundle.key`; a run takes one branch.
MODES = """
    import jax

    def train(key, x):
        return jax.random.normal(key, x.shape)

    def finetune(key, x):
        return jax.random.uniform(key, x.shape)

    def run(mode, key, x):
        if mode == "train":
            x = train(key, x)
        if mode == "finetune":
            x = finetune(key, x)
        {third}
        return x
"""


def test_a_key_consumed_under_two_exclusive_modes_is_consumed_once_per_run():
    assert codes(MODES.format(third="")) == []


def test_a_key_consumed_again_on_a_path_that_both_reach_is_still_reported():
    assert [code for _, code in codes(MODES.format(third="x = x + jax.random.normal(key, x.shape)"))] == ["JAX501"]
    rebound = MODES.format(third="").replace('x = train(key, x)', 'x = train(key, x)\n            mode = "finetune"')
    assert [code for _, code in codes(rebound)] == ["JAX501"]


# alphafold's prng.SafeKey: `split` and `get` test `self._used` (raising when set) and set it, so
# a second draw from the same object raises instead of repeating the numbers.
SAFE_KEY = """
    import jax

    class SafeKey:
        def __init__(self, key):
            self._key = key
            self._used = False

        def _assert_not_used(self):
            if self._used:
                raise RuntimeError("Random key has been used previously.")

        def split(self, num_keys=2):
            self._assert_not_used(){mark}
            return jax.random.split(self._key, num_keys)
"""


def test_a_key_object_that_raises_on_a_second_use_draws_once():
    assert codes(SAFE_KEY.format(mark="\n            self._used = True")) == []


def test_a_key_object_without_the_mark_still_draws_the_same_numbers_on_every_call():
    assert [code for _, code in codes(SAFE_KEY.format(mark=""))] == ["JAX502"]
