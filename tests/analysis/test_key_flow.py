"""How PRNG keys flow: through helpers of other modules, fields of objects, tree maps and
deliberate comparisons (the model of :mod:`jaxcheck.analysis.keys`).

Each test writes a small project to ``tmp_path``, checks it with the real API and asserts the
exact JAX5xx findings (file, line, code), or that there are none.
"""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from jaxcheck.api import check_paths
from jaxcheck.config import Config


def key_findings(root: pathlib.Path, files: dict[str, str]) -> list[tuple[str, int, str]]:
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text).lstrip("\n"))
    result = check_paths([root], Config(root=root))
    assert result.errors == []
    return sorted(
        (pathlib.Path(d.path).name, d.line, d.code) for d in result.diagnostics if d.code.startswith("JAX5")
    )


NOISE = """
    import jax

    def noise(key, shape):
        return jax.random.normal(key, shape)
"""


def test_helper_of_another_module_consumes_the_key_it_is_given(tmp_path):
    main = """
        import jax
        from helpers import noise

        def run(key):
            a = noise(key, (3,))
            b = noise(key, (3,))
            return a + b
    """
    assert key_findings(tmp_path, {"helpers.py": NOISE, "main.py": main}) == [("main.py", 6, "JAX501")]


def test_helper_of_another_module_split_before_each_call_is_clean(tmp_path):
    main = """
        import jax
        from helpers import noise

        def run(key):
            k1, k2 = jax.random.split(key)
            return noise(k1, (3,)) + noise(k2, (3,))
    """
    assert key_findings(tmp_path, {"helpers.py": NOISE, "main.py": main}) == []


def test_method_of_another_module_returns_the_key_it_consumed(tmp_path):
    model = """
        import jax

        class Model:
            def simulate(self, key, n):
                x = jax.random.normal(key, (n,))
                return key, x
    """
    inference = """
        import jax
        from model import Model

        model = Model()

        def draw(key, count):
            simulate = jax.jit(model.simulate, static_argnums=1)
            out = []
            for _ in range(count):
                key, x = simulate(key, 3)
                out.append(x)
            return out
    """
    assert key_findings(tmp_path, {"model.py": model, "inference.py": inference}) == [("model.py", 6, "JAX505")]


def test_tree_map_draws_from_one_key_for_every_leaf(tmp_path):
    source = """
        import jax

        def perturb(params, key):
            return jax.tree_util.tree_map(lambda p: p + jax.random.normal(key, p.shape), params)

        def perturb_per_leaf(params, key):
            leaves, tree = jax.tree_util.tree_flatten(params)
            keys = jax.tree_util.tree_unflatten(tree, list(jax.random.split(key, len(leaves))))
            return jax.tree.map(lambda p, k: p + jax.random.normal(k, p.shape), params, keys)

        def pick_aligned(genotype, key):
            return jax.tree.map(lambda x: jax.random.choice(key, x, shape=(1,)), genotype)
    """
    assert key_findings(tmp_path, {"perturb.py": source}) == [("perturb.py", 4, "JAX503")]


def test_key_parameter_never_read_while_a_fixed_key_is_drawn_from(tmp_path):
    source = """
        import jax

        def dropout(x, key):
            return x * jax.random.bernoulli(key, 0.5, x.shape)

        @jax.jit
        def train_step(x, rng):
            dropout_key = jax.random.PRNGKey(0)
            return dropout(x, dropout_key)

        class Generator:
            def __init__(self, rng=jax.random.PRNGKey(0)):
                self.rng = rng

            def init(self, rng, shape):
                return jax.random.normal(self.rng, shape)

        def evaluate(x, rng=None):
            return dropout(x, jax.random.PRNGKey(0))

        def step(x, rng):
            return dropout(x, rng)
    """
    assert key_findings(tmp_path, {"train.py": source}) == [("train.py", 8, "JAX502"), ("train.py", 16, "JAX502")]


def test_instance_held_in_a_field_runs_its_method_with_the_key(tmp_path):
    layers = """
        import equinox as eqx
        import jax

        class Block(eqx.Module):
            dropout: eqx.nn.Dropout

            def __init__(self, p):
                self.dropout = eqx.nn.Dropout(p)

            def __call__(self, x, *, key):
                return self.dropout(x, key=key)
    """
    encoder = """
        import equinox as eqx
        import jax
        from layers import Block

        class Encoder(eqx.Module):
            block: Block

            def __call__(self, xs, *, key):
                return jax.vmap(lambda x, k: self.block(x, key=k), in_axes=(0, None))(xs, key)
    """
    assert key_findings(tmp_path, {"layers.py": layers, "encoder.py": encoder}) == [("encoder.py", 9, "JAX503")]


def test_method_drawing_from_a_key_its_object_never_advances(tmp_path):
    source = """
        import jax

        class Exploration:
            def __init__(self, seed):
                self.key = jax.random.PRNGKey(seed)

            def sample(self, shape):
                return jax.random.normal(self.key, shape)

        class AdvancingExploration:
            def __init__(self, seed):
                self.key = jax.random.PRNGKey(seed)

            def sample(self, shape):
                self.key, sub = jax.random.split(self.key)
                return jax.random.normal(sub, shape)

        class ReplacedState:
            def __init__(self, key):
                self.key = key

            def sample(self, shape):
                return jax.random.normal(self.key, shape)

            def advance(self):
                key, _ = jax.random.split(self.key)
                return ReplacedState(key=key)
    """
    assert key_findings(tmp_path, {"explore.py": source}) == [("explore.py", 8, "JAX502")]


def test_a_key_field_of_a_linen_module_builds_initial_parameters_or_is_drawn_per_apply(tmp_path):
    # A StyleGAN port: the draw builds the initial value of `self.param`, which `apply` ignores;
    # a linen method that computes with the field's draws on every `apply` is reported (SHAQ).
    source = """
        from typing import Any

        import flax.linen as nn
        import jax
        import jax.numpy as jnp

        def get_weight(shape, key=None):
            return jax.random.normal(key, shape)

        class LinearLayer(nn.Module):
            features: int
            rng: Any = None

            @nn.compact
            def __call__(self, x):
                w = get_weight((x.shape[-1], self.features), self.rng)
                w = self.param("weight", lambda *_: w)
                return jnp.matmul(x, w)

        class Block(nn.Module):
            features: int
            rng: Any = None

            @nn.compact
            def __call__(self, x):
                rng, sub = jax.random.split(self.rng)
                return LinearLayer(self.features, rng=sub)(x)

        class AlphaEstimate(nn.Module):
            rng_key: Any = None

            def sample(self, n):
                return jax.random.choice(self.rng_key, jnp.arange(n), shape=(n,), replace=False)
    """
    assert key_findings(tmp_path, {"ops.py": source}) == [("ops.py", 33, "JAX502")]


def test_one_key_for_implementations_whose_results_are_asserted_equal(tmp_path):
    source = """
        import numpy as np

        def test_full_vs_chunked(full, chunked, key, batches):
            full_losses, chunked_losses = [], []
            full_losses.append(full.feedback(key, batches[0]))
            full_losses.append(full.feedback(key, batches[1]))
            chunked_losses.append(chunked.feedback(key, batches[0]))
            np.testing.assert_allclose(full_losses, chunked_losses)

        def test_split_like(key, tree, split_like):
            keys_tree = split_like(key, tree)
            first = np.stack(keys_tree)
            second = jax.random.split(key, 3)
            np.testing.assert_array_equal(first, second)
    """
    helpers = """
        import jax

        class Model:
            def feedback(self, key, batch):
                return jax.random.normal(key, batch.shape)
    """
    assert key_findings(tmp_path, {"helpers.py": helpers, "test_models.py": "import jax\n" + textwrap.dedent(source)}) == []


def test_tree_map_shuffling_every_leaf_alike_through_a_helper_is_clean(tmp_path):
    source = """
        import jax

        def shuffle(x, rng):
            return jax.random.permutation(rng, x, axis=0)

        def minibatches(transitions, rng):
            return jax.tree.map(lambda x: shuffle(x, rng), transitions)

        def noisy(transitions, rng):
            return jax.tree.map(lambda x: x + jax.random.normal(rng, x.shape), transitions)
    """
    assert key_findings(tmp_path, {"batches.py": source}) == [("batches.py", 10, "JAX503")]


def test_equinox_module_key_field_advanced_only_by_tree_at(tmp_path):
    source = """
        import equinox as eqx
        import jax

        class Detector(eqx.Module):
            key: jax.Array
            linear: eqx.nn.Linear

            def __init__(self, key):
                k1, k2 = jax.random.split(key)
                self.key = k1
                self.linear = eqx.nn.Linear(3, 3, key=k2)

            def sample(self, x):
                return self.linear(x) + jax.random.normal(self.key, x.shape)
    """
    advance = """
            def advance(self):
                return eqx.tree_at(lambda d: d.key, self, jax.random.split(self.key)[0])
    """
    assert key_findings(tmp_path, {"detector.py": source}) == [("detector.py", 14, "JAX502")]
    (tmp_path / "detector.py").unlink()
    text = textwrap.dedent(source).lstrip("\n") + "\n" + textwrap.indent(textwrap.dedent(advance).lstrip("\n"), "    ")
    assert key_findings(tmp_path, {"advancing.py": text}) == []


SAMPLER = """
    import jax

    class Sampler:
        def sample(self, key, n):
            return jax.random.normal(key, (n,))
"""


def test_method_of_a_parameter_typed_with_a_class_of_the_project_draws_from_its_key(tmp_path):
    generate = """
        import jax
        from sampler import Sampler

        def generate(sampler: Sampler, key, batches):
            return [sampler.sample(key, 4) for _ in range(batches)]

        def pair(sampler: Sampler, key):
            return sampler.sample(key, 4), sampler.sample(key, 4)
    """
    assert key_findings(tmp_path, {"sampler.py": SAMPLER, "generate.py": generate}) == [
        ("generate.py", 5, "JAX503"), ("generate.py", 8, "JAX501"),
    ]


def test_method_of_a_typed_parameter_given_a_key_per_batch_is_clean(tmp_path):
    generate = """
        import jax
        from sampler import Sampler

        def generate(sampler: Sampler, key, batches):
            return [sampler.sample(k, 4) for k in jax.random.split(key, batches)]
    """
    assert key_findings(tmp_path, {"sampler.py": SAMPLER, "generate.py": generate}) == []


STATE = """
    import dataclasses
    import jax

    @jax.tree_util.register_dataclass
    @dataclasses.dataclass
    class State:
        dice: jax.Array
        rng_key: jax.Array
"""


def test_key_a_helper_hands_back_unadvanced_into_a_field_of_the_state(tmp_path):
    env = """
        import dataclasses
        import jax
        from state import State

        def roll(rng_key):
            return jax.random.randint(rng_key, (2,), 1, 7), rng_key

        @jax.jit
        def step(state):
            dice, rng_key = roll(state.rng_key)
            return dataclasses.replace(state, dice=dice, rng_key=rng_key)
    """
    main = """
        import jax
        from env import step

        def play(state, turns):
            for _ in range(turns):
                state = step(state)
            return state
    """
    files = {"state.py": STATE, "env.py": env, "main.py": main}
    assert key_findings(tmp_path, files) == [("env.py", 6, "JAX505")]


def test_state_given_the_key_left_after_a_split_is_clean(tmp_path):
    env = """
        import dataclasses
        import jax
        from state import State

        @jax.jit
        def step(state):
            rng_key, sub = jax.random.split(state.rng_key)
            dice = jax.random.randint(sub, (2,), 1, 7)
            return dataclasses.replace(state, dice=dice, rng_key=rng_key)

        def play(state, turns):
            for _ in range(turns):
                state = step(state)
            return state
    """
    assert key_findings(tmp_path, {"state.py": STATE, "env.py": env}) == []


def test_initial_state_holding_a_key_already_consumed(tmp_path):
    source = """
        from typing import NamedTuple
        import jax

        class State(NamedTuple):
            momentum: jax.Array
            rng: jax.Array

        def init(key):
            key, _ = jax.random.split(key)
            return State(jax.random.normal(key, (3,)), key)

        def apply(state):
            key, noise_key = jax.random.split(state.rng)
            return state._replace(rng=key), jax.random.normal(noise_key, (3,))

        def simulate(seed):
            state = init(jax.random.PRNGKey(seed))
            state, noise = apply(state)
            return noise
    """
    assert key_findings(tmp_path, {"langevin.py": source}) == [("langevin.py", 10, "JAX505")]
    clean = source.replace("key, _ = jax.random.split(key)", "key, sub = jax.random.split(key)").replace(
        "jax.random.normal(key, (3,)), key", "jax.random.normal(sub, (3,)), key"
    )
    (tmp_path / "langevin.py").unlink()
    assert key_findings(tmp_path, {"langevin_clean.py": clean}) == []


def test_spent_key_returned_that_no_caller_draws_from_again_is_clean(tmp_path):
    source = """
        import jax

        def draw(key):
            key, _ = jax.random.split(key)
            return jax.random.normal(key, (3,)), key

        def main(seed):
            x, _ = draw(jax.random.PRNGKey(seed))
            return x
    """
    assert key_findings(tmp_path, {"draw.py": source}) == []


def test_function_a_factory_returns_draws_from_the_key_it_captured(tmp_path):
    attention = """
        import jax
        import jax.numpy as jnp

        def make_dropout_fn(rate, key):
            def dropout_fn(weights):
                keep = jax.random.bernoulli(key, 1.0 - rate, weights.shape)
                return jnp.where(keep, weights / (1.0 - rate), 0.0)
            return dropout_fn
    """
    assert key_findings(tmp_path, {"attention.py": attention}) == [("attention.py", 6, "JAX502")]


def test_function_a_factory_returns_that_advances_or_takes_its_key_is_clean(tmp_path):
    source = """
        import jax

        def make_sampler(key):
            def sample(shape):
                nonlocal key
                key, sub = jax.random.split(key)
                return jax.random.normal(sub, shape)
            return sample

        def make_noise():
            def noise(key, shape):
                return jax.random.normal(key, shape)
            return noise

        def train_step(params, key):
            def loss(p):
                return (p * jax.random.normal(key, p.shape)).sum()
            return jax.grad(loss)(params)
    """
    assert key_findings(tmp_path, {"samplers.py": source}) == []


GLOBAL_KEY = """
    import jax

    rng = jax.random.PRNGKey(0)

    def sample():
        {body}

    def run():
        return [sample() for _ in range(3)]
"""


def test_function_advancing_a_module_key_through_global_is_clean(tmp_path):
    # Measured on jax 0.10.2: 3 distinct draws of 3 calls (1 of 3 without the rebinding).
    body = "global rng\n        rng, sub = jax.random.split(rng)\n        return jax.random.uniform(sub)"
    assert key_findings(tmp_path, {"main.py": GLOBAL_KEY.replace("{body}", body)}) == []


def test_function_drawing_from_a_module_key_it_never_advances(tmp_path):
    body = "return jax.random.uniform(rng)"
    assert key_findings(tmp_path, {"main.py": GLOBAL_KEY.replace("{body}", body)}) == [("main.py", 9, "JAX503")]


def test_jitted_function_advancing_a_module_key_advances_it_only_while_tracing(tmp_path):
    # Measured on jax 0.10.2: jitted, the same function gives 1 distinct draw of 3 calls.
    body = "global rng\n        rng, sub = jax.random.split(rng)\n        return jax.random.uniform(sub)"
    source = GLOBAL_KEY.replace("{body}", body).replace("    def run():", "    sample = jax.jit(sample)\n\n    def run():")
    assert ("main.py", 13, "JAX503") in key_findings(tmp_path, {"main.py": source})


def test_function_whose_helper_advances_a_module_key_through_global_is_clean(tmp_path):
    body = "return advance()\n\n    def advance():\n        global rng\n        rng, sub = jax.random.split(rng)\n        return jax.random.uniform(sub)"
    assert key_findings(tmp_path, {"main.py": GLOBAL_KEY.replace("{body}", body)}) == []


PARTIAL_MAPPED = """
    from functools import partial

    import jax

    def add_noise(key, image):
        return image + jax.random.normal(key, image.shape)

    @jax.jit
    def augment(key, images):
        {body}
"""


def test_key_bound_by_partial_is_the_same_for_every_mapped_element(tmp_path):
    # Measured on jax 0.10.2: `jax.vmap(partial(f, key))(xs)` gives 4 of 4 rows equal to row 0
    # (bound by position or by keyword, with the key traced by jit or not).
    body = "noisy = partial(add_noise, key)\n        return jax.vmap(noisy)(images)"
    source = PARTIAL_MAPPED.replace("{body}", body)
    assert key_findings(tmp_path, {"augment.py": source}) == [("augment.py", 11, "JAX503")]
    inline = PARTIAL_MAPPED.replace("{body}", "return jax.vmap(partial(add_noise, key=key))(images)")
    assert key_findings(tmp_path, {"augment.py": inline}) == [("augment.py", 10, "JAX503")]


def test_data_bound_by_partial_and_keys_mapped_is_clean(tmp_path):
    # Measured on jax 0.10.2: `jax.vmap(partial(f, x=data))(split(key, 4))` gives 1 of 4 rows
    # equal to row 0 (only row 0 itself).
    body = "return jax.vmap(partial(add_noise, image=images[0]))(jax.random.split(key, 4))"
    assert key_findings(tmp_path, {"augment.py": PARTIAL_MAPPED.replace("{body}", body)}) == []


NONE_DEFAULT_KEY = """
    import jax

    def dropout(x, rng=None):
        if rng is None:
            rng = jax.random.PRNGKey(0)
        return x * jax.random.bernoulli(rng, 0.5, x.shape)

    @jax.jit
    def forward(x{param}):
        return dropout(x{passed})

    def train(x):
        return [forward(x{given}) for _ in range(3)]
"""


def test_none_default_replaced_by_a_constant_key_left_out_by_a_repeated_call(tmp_path):
    # Measured on jax 0.10.2: 3 of 3 jitted calls (and 3 of 3 plain calls) give the first mask.
    source = NONE_DEFAULT_KEY.replace("{param}", "").replace("{passed}", "").replace("{given}", "")
    assert key_findings(tmp_path, {"layers.py": source}) == [("layers.py", 5, "JAX502")]


def test_none_default_replaced_by_a_constant_key_that_callers_pass_is_clean(tmp_path):
    # Measured on jax 0.10.2: keys passed by the caller give 1 of 3 masks equal to the first.
    source = NONE_DEFAULT_KEY.replace("{param}", ", key").replace("{passed}", ", key").replace(
        "{given}", ", jax.random.PRNGKey(i)"
    ).replace("for _ in range(3)", "for i in range(3)")
    assert key_findings(tmp_path, {"layers.py": source}) == []


KEY_STREAM = """
    import jax

    class Rngs:
        def __init__(self, rng):
            self.rng = rng

        def next_key(self):
            self.rng, key = jax.random.split(self.rng)
            return key

        def fork(self, n):
            {fork_body}

    def run(rng):
        rngs = Rngs(rng)
        env_keys = rngs.fork(4)
        return env_keys, jax.random.normal(rngs.next_key(), (3,))
"""


def test_key_stream_method_splitting_its_key_without_storing_a_new_one(tmp_path):
    # Measured on jax 0.10.2: after `split(self.rng, 4)` the stream's next key equals one of
    # those four keys in 3 of 3 seeds, and two such calls give identical batches in 3 of 3.
    source = KEY_STREAM.replace("{fork_body}", "return jax.random.split(self.rng, n)")
    assert key_findings(tmp_path, {"rngs.py": source}) == [("rngs.py", 12, "JAX504")]


def test_key_stream_method_storing_a_new_key_is_clean(tmp_path):
    body = "self.rng, *keys = jax.random.split(self.rng, n + 1)\n            return keys"
    assert key_findings(tmp_path, {"rngs.py": KEY_STREAM.replace("{fork_body}", body)}) == []


def test_object_method_drawing_from_its_key_is_reported_where_it_is_called_twice(tmp_path):
    # Measured on jax 0.10.2: a `noise()` drawing from `self.rng` twice gives identical draws in
    # 3 of 3 seeds (0 of 3 with `next_key()` between them).
    body = "return jax.random.normal(self.rng, (n,))"
    source = KEY_STREAM.replace("{fork_body}", body).replace(
        "env_keys = rngs.fork(4)", "env_keys = rngs.fork(4) + rngs.fork(4)"
    )
    assert key_findings(tmp_path, {"rngs.py": source}) == [("rngs.py", 16, "JAX501"), ("rngs.py", 17, "JAX501")]


LAYERS = """
    import jax

    def init_layers(seed, sizes):
        weights = []
        for n_in, n_out in zip(sizes[:-1], sizes[1:]):
            key = jax.random.PRNGKey(seed)
            weights.append(jax.random.normal(key, (n_in, n_out)))
            {advance}
        return weights
"""


def test_key_made_again_in_a_loop_from_a_seed_the_loop_never_changes(tmp_path):
    # Measured on jax 0.10.2: `normal(PRNGKey(seed), (5, 5))` made in each of 3 iterations gives
    # 3 equal matrices; with `seed += 1` in the loop, 3 different ones.
    layers = LAYERS.replace("{advance}", "pass")
    assert key_findings(tmp_path, {"layers.py": layers}) == [("layers.py", 6, "JAX503")]  # the constructor


def test_key_made_in_a_loop_from_a_seed_the_loop_advances_is_clean(tmp_path):
    layers = LAYERS.replace("{advance}", "seed += 1")
    assert key_findings(tmp_path, {"layers.py": layers}) == []


def test_key_made_in_a_loop_from_its_target_is_clean(tmp_path):
    per_seed = """
        import jax

        def draws(seeds):
            return [jax.random.normal(jax.random.PRNGKey(seed), (3,)) for seed in seeds]

        def draws_loop(seeds):
            out = []
            for seed in seeds:
                key = jax.random.PRNGKey(seed)
                out.append(jax.random.normal(key, (3,)))
            return out
    """
    assert key_findings(tmp_path, {"per_seed.py": per_seed}) == []


def test_a_call_a_test_expects_to_raise_neither_consumes_nor_reuses_its_key(tmp_path):
    # The call under `pytest.raises` / `self.assertRaises` returns nothing: it yields no draw
    # anyone sees (measured on jax 0.10.2: `sample(key, -1)` raises before `jr.normal`, 0 draws).
    # A draw after the block from a key drawn before it still gets the same bits.
    main = """
        import unittest
        import jax.random as jr
        import pytest

        def sample(key, n):
            if n < 0:
                raise ValueError("n must be >= 0")
            return jr.normal(key, (n,))

        def test_error_path():
            key = jr.key(0)
            x = sample(key, 3)
            with pytest.raises(ValueError):
                sample(key, -1)
            return x

        def test_error_then_draw():
            key = jr.key(0)
            with pytest.raises(ValueError):
                sample(key, -1)
            return sample(key, 3)

        def test_reuse_around_the_block():
            key = jr.key(0)
            x = sample(key, 3)
            with pytest.raises(ValueError):
                sample(key, -1)
            return x + sample(key, 3)

        class T(unittest.TestCase):
            def test_error_path(self):
                key = jr.key(0)
                x = sample(key, 3)
                with self.assertRaises(ValueError):
                    sample(key, -1)
                return x
    """
    # (Not named test_*.py: key findings in test code are `info`, which this reads apart.)
    assert key_findings(tmp_path, {"error_paths.py": main}) == [("error_paths.py", 28, "JAX501")]


def test_one_key_permuting_each_array_of_a_list_keeps_their_rows_aligned(tmp_path):
    # jax 0.10.2: `[permutation(key, a) for a in (images, labels)]` moves row i of both to the
    # same place (as `tree_map` of it does); a comprehension that permutes one array on each
    # iteration, or draws other numbers, gives the same numbers every time.
    shuffle = """
        import jax.random as jr

        def shuffle(key, arrays):
            return [jr.permutation(key, a) for a in arrays]

        def choose(key, arrays):
            return tuple(jr.choice(key, a, (4,)) for a in arrays)

        def epochs(key, data, n):
            return [jr.permutation(key, data) for _ in range(n)]

        def noises(key, arrays):
            return [jr.normal(key, a.shape) for a in arrays]
    """
    assert key_findings(tmp_path, {"shuffle.py": shuffle}) == [("shuffle.py", 10, "JAX503"), ("shuffle.py", 13, "JAX503")]
STREAM = """
    import jax

    class Schedule:
        def __init__(self, key):
            self.key = key

        def explore(self):
            self.key, sub = jax.random.split(self.key)
            return jax.random.uniform(sub) < 0.5

        def next_key(self):
            self.key, sub = jax.random.split(self.key)
            return sub
{methods}"""


def test_key_an_object_advanced_then_drawn_from_and_left_in_it(tmp_path):
    # jax 0.10.2, typed keys, `jax_debug_key_reuse` on: a second `act` raises `KeyReuseError`
    # in `random_split` (the next `explore` splits the key `act` drew from).
    greedy_or_random = """
        def greedy_or_random(self, q):
            if self.explore():
                return jax.random.randint(self.key, (), 0, q.shape[0])
            return q.argmax()
    """
    source = STREAM.format(methods=greedy_or_random) + """
    def act(schedule: Schedule):
        if schedule.explore():
            return jax.random.randint(schedule.key, (), 0, 4)
        return 0

    def act_typed(agent: Schedule):
        agent.explore()
        return jax.random.normal(agent.key)
    """
    assert key_findings(tmp_path, {"explore.py": source}) == [
        ("explore.py", 17, "JAX501"), ("explore.py", 22, "JAX501"), ("explore.py", 27, "JAX501"),
    ]


def test_key_an_object_hands_out_drawn_from_or_advanced_again_is_clean(tmp_path):
    source = STREAM.format(methods="") + """
    def act(schedule: Schedule):
        if schedule.explore():
            return jax.random.randint(schedule.next_key(), (), 0, 4)
        return 0

    def act_and_advance(schedule: Schedule):
        schedule.explore()
        schedule.key, sub = jax.random.split(schedule.key)
        return jax.random.normal(sub)

    def act_on_a_copy(schedule: Schedule):
        schedule.explore()
        key = jax.random.fold_in(schedule.key, 1)
        return jax.random.normal(key)
    """
    assert key_findings(tmp_path, {"explore.py": source}) == []


# A layer holding its initializers in fields (`kernel_init(key, shape)` draws: not an `init`).
CONV = """
    import jax

    class Conv:
        def __init__(self, kernel_init, bias_init):
            self._kernel_init = kernel_init
            self._bias_init = bias_init
"""


def test_one_key_handed_to_two_initializers_held_in_fields(tmp_path):
    layer = CONV + """
        def new_weights(self, shape, rng):
            return self._kernel_init(shape, rng), self._bias_init(shape[-1:], rng)
    """
    assert key_findings(tmp_path, {"layer.py": layer}) == [("layer.py", 9, "JAX501")]


def test_key_handed_to_a_callable_parameter_on_every_iteration(tmp_path):
    wrap = """
        import jax.numpy as jnp

        def batch_init(kernel_init, rng, shape, n):
            return jnp.stack([kernel_init(rng, shape) for _ in range(n)])
    """
    assert key_findings(tmp_path, {"wrap.py": wrap}) == [("wrap.py", 4, "JAX503")]


def test_key_handed_to_a_callable_for_each_item_of_a_loop_is_clean(tmp_path):
    compare = """
        import jax

        def evaluate_each(models, evaluate, key):
            for model in models:
                evaluate(model, key)  # every model on the same draws: a controlled comparison

        def evaluate_all(models, evaluate, key):
            return [evaluate(models[i], key) for i in range(len(models))]
    """
    assert key_findings(tmp_path, {"compare.py": compare}) == []


def test_keys_split_for_callables_or_handed_to_forwarders_are_clean(tmp_path):
    layer = CONV + """
        def new_weights(self, shape, rng):
            k1, k2 = jax.random.split(rng)
            return self._kernel_init(shape, k1), self._bias_init(shape[-1:], k2)

        def state(self, params, rng, log, buffer, stream):
            log.info(rng)  # keeps, prints or hands on the key: no draw
            buffer.add(params, rng)
            stream.next_rng(rng)
            return self.new_weights((3, 3), rng)

    def reset_twice(env, key):
        state = env.reset(key)
        again = env.reset(key)  # the same call again: the same state on purpose
        return state, again

    def create(env, network, buffer, key):
        _, env_state = env.reset(key)
        obs = env.step(key, env_state)  # only its shapes matter to the initialisations
        buffer_state = buffer.init(obs)
        return network.init(key, obs), buffer_state

    def initial_state(net, key, x):
        dummy_params = net.init(key, x)
        return net.apply(dummy_params, key, x)
    """
    assert key_findings(tmp_path, {"layer.py": layer}) == []


def test_library_layer_in_a_field_given_the_key_it_ignores_is_clean(tmp_path):
    model = """
        import equinox as eqx

        class Block(eqx.Module):
            norm: eqx.nn.LayerNorm
            linear: eqx.nn.Linear

            def __call__(self, x, key):
                return self.linear(self.norm(x, key=key), key=key)
    """
    assert key_findings(tmp_path, {"model.py": model}) == []


def test_library_layers_built_from_one_key_are_identical(tmp_path):
    # equinox 0.13.8 on jax 0.10.2: every `equinox.nn` constructor taking `key` draws its initial
    # parameters from it (bench/measure_equinox_constructor_keys.py)
    models = """
        import equinox as eqx
        import jax

        def ensemble(key, depths):
            return [eqx.nn.MLP(2, 2, 8, depth=depth, key=key) for depth in depths]

        def encoder(key):
            first = eqx.nn.Linear(4, 4, key=key)
            second = eqx.nn.Linear(4, 4, key=key)
            return first, second
    """
    assert key_findings(tmp_path, {"models.py": models}) == [("models.py", 5, "JAX503"), ("models.py", 9, "JAX501")]


def test_library_layers_built_from_split_keys_are_clean(tmp_path):
    models = """
        import equinox as eqx
        import jax
        from equinox.nn import Linear

        def ensemble(key, depths):
            keys = jax.random.split(key, len(depths))
            return [eqx.nn.MLP(2, 2, 8, depth=d, key=k) for d, k in zip(depths, keys)]

        def encoder(key):
            k1, k2 = jax.random.split(key)
            return Linear(4, 4, key=k1), Linear(4, 4, key=k2), eqx.nn.LayerNorm(4)
    """
    assert key_findings(tmp_path, {"models.py": models}) == []


def test_key_of_a_field_read_through_a_local_and_reseeded_only_is_drawn_again_each_call(tmp_path):
    # `set_seed` makes the key again from a seed: the stream starts over, nothing advances it, and
    # every call of `randn` between two reseeds draws the same numbers (case 1243)
    backend = """
        import jax

        class Backend:
            def __init__(self, seed=10):
                self.prng_key = jax.random.PRNGKey(seed)

            def set_seed(self, seed):
                self.prng_key = jax.random.PRNGKey(seed)

            def randn(self, shape, prng_key=None):
                if prng_key is None:
                    prng_key = self.prng_key
                return jax.random.normal(prng_key, shape)
    """
    assert key_findings(tmp_path, {"backend.py": backend}) == [("backend.py", 13, "JAX502")]


def test_key_of_a_field_read_through_a_local_and_advanced_is_clean(tmp_path):
    backend = """
        import jax

        class Backend:
            def __init__(self, seed=10):
                self.prng_key = jax.random.PRNGKey(seed)

            def randn(self, shape):
                prng_key = self.prng_key
                self.prng_key, sub = jax.random.split(prng_key)
                return jax.random.normal(sub, shape)
    """
    assert key_findings(tmp_path, {"backend.py": backend}) == []


def test_callers_of_a_method_drawing_from_its_objects_unadvanced_key_are_not_told_again(tmp_path):
    # every call of `sample` draws the same numbers: reported there once, not at each loop or
    # helper that calls it again (case 608); two different such methods of one object draw the
    # same bits as each other, which the caller combining them is told (case 1243's `init_linear`)
    exploration = """
        import jax

        class Exploration:
            def __init__(self, seed):
                self.key = jax.random.PRNGKey(seed)

            def sample(self):
                return jax.random.normal(self.key, (3,))

            def offset(self):
                return jax.random.uniform(self.key, (3,))

        class Agent:
            def __init__(self, seed):
                self.explorer = Exploration(seed)

            def act(self):
                return self.explorer.sample()

            def rollout(self, episodes):
                return [self.act() for _ in range(episodes)]

            def jitter(self):
                return self.explorer.sample() + self.explorer.offset()
    """
    assert key_findings(tmp_path, {"exploration.py": exploration}) == [
        ("exploration.py", 8, "JAX502"), ("exploration.py", 11, "JAX502"), ("exploration.py", 24, "JAX501"),
    ]


def test_key_yielded_unchanged_on_every_pass_of_a_generators_loop(tmp_path):
    data = """
        import chex
        import jax

        def batches_with_keys(batches, key):
            data_key, model_key = jax.random.split(key)
            for batch in batches:
                yield batch, model_key

        def noisy_batches(batches, key: chex.PRNGKey):
            for batch in batches:
                yield key, batch

        def grouped(rows, key):
            for row in rows:  # `key` names a column here: a name alone is no key
                yield key, row

        def advanced(batches, key):
            for batch in batches:
                key, sub = jax.random.split(key)
                yield batch, sub
    """
    assert key_findings(tmp_path, {"data.py": data}) == [("data.py", 7, "JAX503"), ("data.py", 11, "JAX503")]


def test_namedtuple_field_defaulting_to_a_key_that_no_construction_sets(tmp_path):
    # bench/measure_default_keys.py: the default is one key, shared by every instance (case 1134)
    types = """
        from typing import NamedTuple
        import jax

        class State(NamedTuple):
            weights: jax.Array
            key: jax.Array = jax.random.PRNGKey(0)

        class Seeded(NamedTuple):
            weights: jax.Array
            key: jax.Array = jax.random.PRNGKey(0)
    """
    env = """
        import jax
        from types_ import Seeded, State

        def reset(key, n):
            return State(weights=jax.random.uniform(key, (n,)))

        def reset_seeded(key, n):
            key, sub = jax.random.split(key)
            first = Seeded(jax.random.uniform(sub, (n,)))
            return Seeded(first.weights, key)  # one construction sets it: the default is a placeholder
    """
    assert key_findings(tmp_path, {"types_.py": types, "env.py": env}) == [("types_.py", 6, "JAX502")]


def test_key_parameter_deleted_while_a_key_held_in_a_dict_is_drawn(tmp_path):
    # mahjax `step` (cases mahjax_72, 1235): the caller's key is thrown away for the state's
    env = """
        import jax

        def _next_round(state):
            return jax.random.permutation(state["rng_key"], 136)

        def step(state, action, key):
            del key
            state = dict(state, rng_key=jax.random.PRNGKey(0))
            return _next_round(state)

        def apply(params, x, key=None):
            del key  # draws from nothing
            return params @ x
    """
    assert key_findings(tmp_path, {"env.py": env}) == [("env.py", 7, "JAX502")]
SETUP = """
    import jax
    import jax.numpy as jnp

    def evaluator_setup(env, key_e, n_devices):
        evaluator = jax.jit(env)
        key_e, *eval_keys = jax.random.split(key_e, n_devices + 1)
        eval_keys = jnp.stack(eval_keys).reshape(n_devices, -1)
        return evaluator, (env, eval_keys)
"""

RUN = """
    import jax
    import jax.numpy as jnp
    from setup import evaluator_setup

    def run_experiment(env, key_e, n_devices, steps):
        evaluator, (params, eval_keys) = evaluator_setup(env, key_e, n_devices)
        {reads}
        for _ in range(steps):
            key_e, *eval_keys = jax.random.split(key_e, n_devices + 1)
            evaluator(params, jnp.stack(eval_keys))
"""


def test_a_helper_that_only_splits_the_key_for_its_caller_consumes_it_only_if_the_caller_reads_its_keys(tmp_path):
    # `evaluator_setup` splits `key_e` and returns the keys; the caller rebinds `eval_keys`
    # before reading it, so the same split again in the loop gives keys nobody saw
    # (bench/key_split_for_caller.py).
    assert key_findings(tmp_path, {"setup.py": SETUP, "main.py": RUN.replace("{reads}", "pass")}) == []


def test_the_keys_a_helper_split_for_its_caller_read_there_make_the_next_split_a_reuse(tmp_path):
    main = RUN.replace("{reads}", "evaluator(params, eval_keys)")
    assert key_findings(tmp_path, {"setup.py": SETUP, "main.py": main}) == [("main.py", 9, "JAX501")]


def test_a_helper_that_draws_from_the_keys_it_split_consumes_the_key(tmp_path):
    setup = SETUP.replace("        return evaluator", "        noise = jax.random.normal(eval_keys[0])\n        return evaluator")
    assert key_findings(tmp_path, {"setup.py": setup, "main.py": RUN.replace("{reads}", "pass")}) == [("main.py", 9, "JAX501")]


def test_a_helper_that_keeps_the_keys_it_split_consumes_the_key(tmp_path):
    setup = SETUP.replace("        return evaluator", "        env.keys = eval_keys\n        return evaluator")
    assert key_findings(tmp_path, {"setup.py": setup, "main.py": RUN.replace("{reads}", "pass")}) == [("main.py", 9, "JAX501")]


def test_a_helper_that_hands_the_keys_it_split_to_a_method_consumes_the_key(tmp_path):
    # `step` splits the key and gives one half to `step_env`, which subclasses implement (the
    # base class draws nothing): what comes back is computed from the key, not the key split
    # for the caller.
    env = """
        import jax

        class Env:
            def step(self, key, state):
                key, key_reset = jax.random.split(key)
                out = self.step_env(key, state)
                obs = out + 1.0
                scaled = obs * 2.0
                return scaled, key_reset

            def step_env(self, key, state):
                raise NotImplementedError
    """
    main = """
        import jax
        from env import Env

        def rollout(rng, state):
            env = Env()
            for _ in range(10):
                rng, rng_act = jax.random.split(rng)
                state, _ = env.step(rng, state)
            return state
    """
    assert key_findings(tmp_path, {"env.py": env, "main.py": main}) == [("main.py", 7, "JAX501")]


def test_keys_a_helper_split_for_its_caller_read_on_the_next_pass_of_a_loop_are_read(tmp_path):
    # `grow` splits the key and returns the new one appended to what it was given; the loop
    # reads `keys` again only on its next pass, after splitting the same `rng` again: the same
    # key ends up in `keys` and in `sub`.
    helpers = """
        import jax
        import jax.numpy as jnp

        def grow(key, keys):
            key, new = jax.random.split(key)
            return jnp.concatenate([keys, new[None]])
    """
    main = """
        import jax
        from helpers import grow

        def rollout(rng, keys):
            for _ in range(10):
                rng, sub = jax.random.split(rng)
                keys = grow(rng, keys)
            return sub
    """
    assert key_findings(tmp_path, {"helpers.py": helpers, "main.py": main}) == [("main.py", 6, "JAX501")]


def test_a_key_split_on_one_branch_only_is_not_its_own_parent_after_the_branches_meet(tmp_path):
    # `rng` holds the field's key where `flag` is false and the split's new key where it is
    # true: no path splits the parent twice (a false JAX504 on a flax discriminator's init keys)
    model = """
        from jax import random

        def widen(rng, x, flag):
            init_rng = rng
            if flag:
                init_rng, k = random.split(init_rng)
                x = x + random.normal(k)
            init_rng, init_key = random.split(init_rng)
            return x + random.normal(init_key)

        class Disc:
            def __init__(self, rng):
                self.rng = rng

            def __call__(self, x, flag):
                init_rng = self.rng
                if flag:
                    init_rng, k = random.split(init_rng)
                    x = x + random.normal(k)
                init_rng, init_key = random.split(init_rng)
                return x + random.normal(init_key)

        def reused(rng, x):
            k1, k2 = random.split(rng)
            return x + random.normal(k1) + random.normal(rng)
    """
    # `Disc.__call__` splits the key its object holds, which nothing advances: every call draws
    # the same numbers (JAX502, at its first split), whichever path it takes
    assert key_findings(tmp_path, {"model.py": model}) == [("model.py", 18, "JAX502"), ("model.py", 25, "JAX504")]
# Keys handed to lax bodies: a body's key summary applies to the operand or carry at the call
# (measured in bench/measure_lax_body_keys.py on jax 0.10.2).


def test_key_operand_drawn_in_both_cond_branches_and_again_after(tmp_path):
    main = """
        import jax
        from jax import lax

        def sample(pred, key):
            def yes(k):
                return jax.random.normal(k, (3,))

            def no(k):
                return jax.random.uniform(k, (3,))

            a = lax.cond(pred, yes, no, key)
            return a + jax.random.normal(key, (3,))
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 12, "JAX501")]


def test_subkey_operand_of_cond_is_clean(tmp_path):
    main = """
        import jax
        from jax import lax

        def sample(pred, key):
            def yes(k):
                return jax.random.normal(k, (3,))

            key, sub = jax.random.split(key)
            a = lax.cond(pred, yes, yes, sub)
            return a + jax.random.normal(key, (3,))
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_switch_branches_consume_their_operand(tmp_path):
    main = """
        import jax
        from jax import lax

        def sample(index, key):
            def first(k):
                return jax.random.normal(k, (3,))

            def second(k):
                return jax.random.uniform(k, (3,))

            a = lax.switch(index, [first, second], key)
            return a + jax.random.normal(key, (3,))
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 12, "JAX501")]


FORI_LOOP_TRAIN = """
    import jax
    from jax import lax

    @jax.jit
    def train(x, key):
        def body(i, carry):
            x, k = carry
            k, sub = jax.random.split(k)
            return x + jax.random.normal(sub, x.shape), k

        x, {taken} = lax.fori_loop(0, 3, body, (x, key))
        return x, key

    def fit(x, key):
        for _ in range(3):
            x, key = train(x, key)
        return x
"""


@pytest.mark.parametrize(("taken", "expected"), [("_", [("main.py", 12, "JAX505")]), ("key", [])])
def test_key_in_a_fori_loop_carry_tuple_returned(tmp_path, taken, expected):
    """The caller's key goes into the carry; returning it without taking the loop's key back
    returns a key the loop consumed."""
    assert key_findings(tmp_path, {"main.py": FORI_LOOP_TRAIN.format(taken=taken)}) == expected


def test_key_in_a_dict_carry_of_while_loop_then_split_again(tmp_path):
    main = """
        import jax
        from jax import lax

        def run(x, key):
            def body(c):
                k, s = jax.random.split(c["key"])
                return {"x": c["x"] + jax.random.normal(s, ()), "key": k}

            carry = {"x": x, "key": key}
            out = lax.while_loop(lambda c: c["x"] < 3.0, body, carry)
            key, sub = jax.random.split(key)
            return out["x"], key
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 11, "JAX504")]


def test_scan_body_that_splits_first_after_an_opaque_draw_is_clean(tmp_path):
    # a split makes keys that share no bits with what a callable drew from the key before
    main = """
        import jax
        from jax import lax

        def rollout(env, key):
            state = env.reset(key)

            def body(carry, _):
                k, s = carry
                k, sub = jax.random.split(k)
                return (k, s + jax.random.normal(sub, ())), None

            (_, total), _ = lax.scan(body, (key, state), None, length=4)
            return total
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


STORED_BY_METHOD = """
    import jax
    from jax import lax

    @jax.jit
    def _train(x, key):
        def body(i, carry):
            carry["key"], sub = jax.random.split(carry["key"])
            return {{"x": carry["x"] + jax.random.normal(sub, ()), "key": carry["key"]}}

        out = lax.fori_loop(0, 2, body, {{"x": x, "key": key}})
        return out["x"], {returned}

    class Model:
        def __init__(self, seed):
            self.key = jax.random.PRNGKey(seed)
            self.x = 0.0

        def train(self):
            self.x, self.key = _train(self.x, self.key)

    def fit():
        model = Model(0)
        for _ in range(3):
            model.train()
"""


@pytest.mark.parametrize(("returned", "expected"), [("key", [("main.py", 11, "JAX505")]), ('out["key"]', [])])
def test_method_storing_the_key_a_jitted_step_hands_back(tmp_path, returned, expected):
    """A method storing in its object's field the key its jitted step returns: the key the step
    was given, consumed by its fori_loop, never advances (every `train()` replays the first
    call's noise); the loop's key does."""
    assert key_findings(tmp_path, {"main.py": STORED_BY_METHOD.format(returned=returned)}) == expected


# Keys that live across calls: a key an object holds, consumed by a method that nothing advances
# between calls, and a key `fold_in` makes again from inputs a loop never changes (measured in
# bench/measure_stored_keys.py on jax 0.10.2).


def test_a_stored_key_handed_to_a_jitted_step_of_another_module_whose_new_key_is_dropped(tmp_path):
    steps = """
        import jax

        @jax.jit
        def train_step(params, key):
            key, noise_key = jax.random.split(key)
            return params + jax.random.normal(noise_key, params.shape), key
    """
    agent = """
        import jax
        from steps import train_step

        class Agent:
            def __init__(self, seed):
                self.key = jax.random.PRNGKey(seed)
                self.params = jax.numpy.zeros(3)

            def train(self):
                self.params, _ = train_step(self.params, self.key)

        class KeptAgent(Agent):
            def train(self):
                self.params, self.key = train_step(self.params, self.key)
    """
    assert key_findings(tmp_path, {"steps.py": steps, "agent.py": agent}) == [("agent.py", 10, "JAX502")]


def test_a_method_calling_another_that_splits_the_stored_key_is_reported_once_in_the_callee(tmp_path):
    model = """
        import jax

        class Estimator:
            def __init__(self, key):
                self.key = key

            def sample(self, n):
                return jax.random.split(self.key, n)

            def __call__(self, n):
                return self.sample(n).sum()
    """
    assert key_findings(tmp_path, {"model.py": model}) == [("model.py", 8, "JAX502")]


def test_a_stored_key_split_by_a_method_run_once_per_object_built_by_its_caller(tmp_path):
    model = """
        import jax

        class Matcher:
            def __init__(self, key):
                self.key = key

            def match(self, x):
                _, sub = jax.random.split(self.key)
                return x + jax.random.normal(sub, x.shape)

        def fit(key, xs):
            out = [Matcher(key).match(x) for x in xs]
            matcher = Matcher(key)
            return out, matcher.match(xs[0])
    """
    assert key_findings(tmp_path, {"model.py": model}) == []


def test_fold_in_with_a_fixed_step_in_a_loop_and_with_one_the_loop_changes(tmp_path):
    model = """
        import jax

        def fixed(params, key, start):
            for _ in range(3):
                k = jax.random.fold_in(key, start)
                params = params + jax.random.normal(k, params.shape)
            return params

        def counted(params, key, i):
            while i < 3:
                k = jax.random.fold_in(key, i)
                params = params + jax.random.normal(k, params.shape)
                i += 1
            return params

        def advanced(params, key, start):
            for _ in range(3):
                key, sub = jax.random.split(key)
                k = jax.random.fold_in(sub, start)
                params = params + jax.random.normal(k, params.shape)
            return params
    """
    assert key_findings(tmp_path, {"model.py": model}) == [("model.py", 5, "JAX503")]


def test_a_default_seed_left_out_by_a_loop_of_a_module_importing_this_one(tmp_path):
    env = """
        import jax

        class Env:
            def reset(self, seed: int = 0):
                key = jax.random.PRNGKey(seed)
                return jax.random.uniform(key, (3,))
    """
    main = """
        from env import Env

        def episodes(n):
            env = Env()
            return [env.reset() for _ in range(n)]

        def seeded(n):
            env = Env()
            return [env.reset(seed) for seed in range(n)]
    """
    assert key_findings(tmp_path, {"env.py": env, "main.py": main}) == [("env.py", 5, "JAX502")]


def test_a_key_parameter_only_compared_with_none_while_fixed_keys_are_drawn(tmp_path):
    model = """
        import jax

        def sample(n, key=None):
            if key is None:
                key = jax.random.PRNGKey(7)
            a = jax.random.uniform(jax.random.PRNGKey(1000), (n,))
            return a + jax.random.normal(jax.random.PRNGKey(10), (n,))

        def used(n, key=None):
            if key is None:
                key = jax.random.PRNGKey(7)
            return jax.random.uniform(key, (n,)) + jax.random.normal(jax.random.PRNGKey(10), (n,))

        def optional(n, key=None):
            return jax.random.uniform(jax.random.PRNGKey(1000), (n,))
    """
    assert key_findings(tmp_path, {"model.py": model}) == [("model.py", 6, "JAX502"), ("model.py", 7, "JAX502")]


def test_a_module_constant_key_drawn_beside_the_callers_key_is_fixed_on_purpose(tmp_path):
    model = """
        import jax

        WORLD_KEY = jax.random.PRNGKey(0)

        def reset(rng):
            rng, player_key = jax.random.split(rng)
            world = jax.random.randint(WORLD_KEY, (4, 4), 0, 4)  # the same map on every reset
            return world, jax.random.randint(player_key, (2,), 0, 4), rng

        def shuffle(n):
            return jax.random.permutation(WORLD_KEY, n)  # no key of its own: the same order each time

        def run(rng, n):
            for _ in range(3):
                rng, reset_key = jax.random.split(rng)
                reset(reset_key)
                shuffle(n)
    """
    assert key_findings(tmp_path, {"model.py": model}) == [("model.py", 17, "JAX503")]


def test_a_default_key_of_a_base_class_method_left_out_through_a_subclass_of_another_module(tmp_path):
    base = """
        import jax

        class Model:
            def run(self, n, rng_key=jax.random.PRNGKey(54)):
                return jax.random.normal(rng_key, (n,))
    """
    models = """
        from base import Model

        class Renewal(Model):
            pass
    """
    main = """
        from models import Renewal

        def fit(n):
            model = Renewal()
            return [model.run(n) for _ in range(3)]
    """
    unrelated = """
        def loop(runner, n):
            return [runner.run(n) for _ in range(3)]
    """
    files = {"base.py": base, "models.py": models, "main.py": main}
    assert key_findings(tmp_path, files) == [("base.py", 4, "JAX502")]
    (tmp_path / "main.py").unlink()
    assert key_findings(tmp_path, {"unrelated.py": unrelated}) == []


SIMULATOR = """
    import jax

    class Simulator:
        def __init__(self, simulate, default_prng=jax.random.PRNGKey(0)):
            self.simulate = simulate
            self.default_prng = default_prng

        def __call__(self, theta, prng=None):
            prng = {choice}
            prng, sub = jax.random.split(prng)
            return self.simulate(theta, sub)

    def rounds(theta):
        simulator = Simulator(lambda t, k: t + jax.random.normal(k, t.shape))
        return [simulator(theta) for _ in range(3)]
"""


def test_a_key_a_conditional_expression_picks_is_either_key(tmp_path):
    # `prng = self.default_prng if prng is None else prng` leaves the held key on the path that
    # takes it, as `if prng is None: prng = self.default_prng` does (case 4101: the same noise in
    # every round that leaves `prng` out).
    source = SIMULATOR.replace("{choice}", "self.default_prng if prng is None else prng")
    assert key_findings(tmp_path, {"sim.py": source}) == [("sim.py", 10, "JAX502")]


def test_a_conditional_expression_between_keys_that_advance_is_clean(tmp_path):
    source = SIMULATOR.replace("{choice}", "jax.random.PRNGKey(len(theta)) if prng is None else prng").replace(
        "simulator(theta) for _", "simulator(theta, jax.random.PRNGKey(i)) for i"
    )
    assert key_findings(tmp_path, {"sim.py": source}) == []
