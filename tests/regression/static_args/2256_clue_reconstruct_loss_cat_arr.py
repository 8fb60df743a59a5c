"""jax-relax's work-in-progress CLUE counterfactual method jits an inner
`reconstruct_loss(x, cf, cat_idx, cat_arr: List[int])` with `static_argnums=(2, 3)`:
`cat_arr` holds the sizes of the one-hot categorical blocks and drives a Python loop, so
it must be static. The sizes come from `self._cat_info`, a dict built from the data
module with `'cat_arr': [len(cat_arr) for cat_arr in cat_arrays]` (a list), and are
splatted in with `**self._cat_info`; the static list cannot be hashed, and the next
commits commented the jit out.

Source: https://github.com/BirkhoffG/jax-relax/blob/84a23a71587d84fd51d634f20459a6159672d32f/relax/methods/clue.py#L143
Observed on jax 0.10.x: raises ValueError
"""
from functools import partial
from typing import List

import jax
import jax.numpy as jnp
import optax

Array = jnp.ndarray


class TabularDataModule:
    def __init__(self):
        self.cat_idx = 2                                   # two continuous features first
        self._cat_arrays = [["a", "b", "c"], ["x", "y"]]   # two categorical features


class CLUE:
    def __init__(self, dm):
        self._data_module = dm
        self._update_categorical_info()

    def _update_categorical_info(self):
        cat_arrays = self._data_module._cat_arrays
        self._cat_info = {
            'cat_idx': self._data_module.cat_idx,
            'cat_arr': [len(cat_arr) for cat_arr in cat_arrays],
        }

    def compute_loss(self, reconstruct_x, x):
        @partial(jax.jit, static_argnums=(2, 3))
        def reconstruct_loss(x: Array, cf: Array, cat_idx: int, cat_arr: List[int]):  # expect: JAX301
            cont_loss = optax.l2_loss(x[:, :cat_idx], cf[:, :cat_idx])
            cat_loss = []
            for i, cat in enumerate(cat_arr):
                start_idx, end_idx = cat_idx + i * cat, cat_idx + (i + 1) * cat
                cat_loss.append(
                    optax.softmax_cross_entropy(
                        cf[:, start_idx: end_idx], x[:, start_idx: end_idx]
                    ).reshape(-1, 1)
                )
            cat_loss = jnp.concatenate(cat_loss, axis=-1)
            return jnp.concatenate([cont_loss, cat_loss], axis=-1).sum(-1)

        rec = reconstruct_loss(reconstruct_x, x, **self._cat_info)
        return rec.mean()


def run():
    clue = CLUE(TabularDataModule())
    x = jnp.concatenate([jnp.ones((4, 2)), jax.nn.one_hot(jnp.arange(4) % 3, 3),
                         jax.nn.one_hot(jnp.arange(4) % 2, 2)], axis=-1)
    reconstruct_x = jax.random.uniform(jax.random.PRNGKey(0), x.shape)
    return float(clue.compute_loss(reconstruct_x, x))


if __name__ == "__main__":
    print(run())
