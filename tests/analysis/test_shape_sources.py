"""Sources of a shape that changes between the calls of a jitted function from host loops
(analysis/host/shape_keys.py, the interpreter's ShapeDrift): a container of batch slices
yielded by a generator method, a jit that a factory returns, a helper stepping a jitted call
in a loop of its own for each item of a sweep, a mask of the data a method is handed per item
of a loop in another module. Compile counts measured on jax 0.10.2 (bench/measure_batch_windows.py,
bench/measure_shape_sources.py): the dict batch of 10 rows in 4s compiles twice (once over
`range(0, n // B * B, B)`); the factory's jit twice over 10 rows, once over 12; the helper 3
times for dimensions 2, 3, 5, once for 3, 3, 3; the masks of 3, 5, 3, 8, 2 true elements 4 times."""

from __future__ import annotations

from test_crossmodule import findings, messages, write

DATASET = """
    import jax
    import jax.numpy as jnp
    import numpy as np

    @jax.jit
    def step(p, batch):
        return p + batch["image"].sum()

    class Dataset:
        def __init__(self, n):
            self.image = np.ones((n, 3), np.float32)

        def iter(self, batch_size):
            for st in range(0, %s, batch_size):
                yield {"image": jnp.asarray(self.image[st:st + batch_size]), "n": 1}

    def train(batch_size=4):
        ds = Dataset(10)
        p = jnp.zeros(())
        for batch in ds.iter(batch_size):
            p = step(p, batch)
        return p
"""


def test_a_dict_of_slices_yielded_by_a_generator_method_has_a_ragged_last_batch(tmp_path):
    write(tmp_path, {"main.py": DATASET % "len(self.image)"})
    assert findings(tmp_path) == [("main.py", 21, "JAX404")]
    assert "on the last batch" in messages(tmp_path)[0]


def test_a_dict_of_slices_over_whole_batches_only_keeps_its_shape(tmp_path):
    write(tmp_path, {"main.py": DATASET % "len(self.image) // batch_size * batch_size"})
    assert findings(tmp_path) == []


FACTORY = {
    "training.py": """
        from jax import jit

        def get_loss(scale):
            def loss(p, x):
                return (p * x).sum() * scale
            return jit(loss)
    """,
    "main.py": """
        import jax
        import jax.numpy as jnp

        from training import get_loss

        def run(rows):
            data = jnp.ones((rows, 3))
            loss_fn = get_loss(2.0)
            for i in range(0, len(data), 4):
                batch = data[i:i + 4]
                jax.value_and_grad(loss_fn)(1.0, batch)

        run(%d)
    """,
}


def test_a_jit_returned_by_a_factory_of_another_module_is_a_jitted_call(tmp_path):
    write(tmp_path, {"training.py": FACTORY["training.py"], "main.py": FACTORY["main.py"] % 10})
    assert findings(tmp_path) == [("main.py", 11, "JAX404")]


def test_a_factory_jit_over_whole_batches_only_is_quiet(tmp_path):
    write(tmp_path, {"training.py": FACTORY["training.py"], "main.py": FACTORY["main.py"] % 12})
    assert findings(tmp_path) == []


SWEEP = """
    import jax
    import jax.numpy as jnp
    import numpy as np

    @jax.jit
    def layer(x):
        return jnp.tanh(x)

    def main(dimensions=%s):
        def iterate(data, n_layers=3):
            for _ in range(n_layers):
                data = layer(data)
            return data

        for idim in dimensions:
            iterate(np.zeros((64, idim), np.float32))

    def run():
        main()
"""


def test_a_helper_stepping_its_own_loop_follows_each_item_of_a_sweep(tmp_path):
    write(tmp_path, {"main.py": SWEEP % "(2, 3, 5)"})
    assert findings(tmp_path) == [("main.py", 12, "JAX404")]
    assert "((64, 2) then (64, 3))" in messages(tmp_path)[0]


def test_a_helper_stepping_its_own_loop_over_one_shape_is_quiet(tmp_path):
    write(tmp_path, {"main.py": SWEEP % "(3, 3, 3)"})
    assert findings(tmp_path) == []


AGENT = {
    "agent.py": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def episode_stats(lengths):
            return jnp.mean(lengths)

        class Agent:
            def log(self, logs):
                mask = jnp.asarray(logs["done_mask"], dtype=jnp.bool_)
                return %s
    """,
    "main.py": """
        import jax.numpy as jnp

        from agent import Agent

        def run():
            agent = Agent()
            for n_done in (3, 5, 3, 8, 2):
                mask = jnp.zeros(64, dtype=bool).at[:n_done].set(True)
                agent.log({"done_mask": mask, "episode_length": jnp.arange(64.0)})
    """,
}


def test_a_mask_of_the_data_per_item_of_another_modules_loop_changes_the_count(tmp_path):
    write(tmp_path, {"agent.py": AGENT["agent.py"] % 'episode_stats(logs["episode_length"][mask])', "main.py": AGENT["main.py"]})
    assert findings(tmp_path) == [("agent.py", 11, "JAX404")]


def test_a_masked_mean_of_a_fixed_shape_is_quiet(tmp_path):
    write(tmp_path, {
        "agent.py": AGENT["agent.py"] % 'episode_stats(jnp.where(mask, logs["episode_length"], 0.0))',
        "main.py": AGENT["main.py"],
    })
    assert findings(tmp_path) == []
