"""Clean look-alike from https://github.com/jax-ml/jax/issues/26554 (keys made from a literal
seed are everywhere): a constant key used only when the caller passes none."""
import jax


def predict(params, x, rng=None):
    if rng is None:
        rng = jax.random.PRNGKey(0)
    return x + 0.01 * jax.random.normal(rng, x.shape)
