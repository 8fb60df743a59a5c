"""A rolling-feature helper slices `x[i:i+2]` with a traced start inside a scan.

Source: https://github.com/jax-ml/jax/pull/39508
"Better error message for non-static slice indices": when a NumPy-style
slice contains a traced value (`x[i:i+2]` with `i` traced under jit) the
IndexError now suggests `x[jax.ds(start, size)]` / `lax.dynamic_slice`.
Rebuilt as a pairwise-difference feature computed in a `fori_loop` body,
where the loop index is traced.

Observed on jax 0.10.2: raises IndexError
"""
import jax
import jax.numpy as jnp


def pair_feature(x, i):
    w = x[i:i + 2]  # expect: JAX205
    return w[1] - w[0]


@jax.jit
def total_variation(x):
    def body(i, acc):
        return acc + jnp.abs(pair_feature(x, i))

    return jax.lax.fori_loop(0, x.shape[0] - 1, body, 0.0)


def run():
    return total_variation(jnp.array([0.0, 1.0, 3.0, 2.0]))
