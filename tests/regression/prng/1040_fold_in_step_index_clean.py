"""Per-step keys derived with fold_in(key, step) in a training loop.

Source: https://github.com/jax-ml/jax/pull/19520
What happened: the key-reuse checker stopped treating fold_in as consuming the
key because projects fold in multiple times with the same key; that is safe as
long as the folded-in value differs each time (here the step index).
run() returns how many later steps repeat the first step's noise.
Observed on jax 0.10.2: 0 of 3 calls
"""
import jax
import jax.numpy as jnp


@jax.jit
def noisy_grad(key, step, g):
    step_key = jax.random.fold_in(key, step)
    return g + 0.01 * jax.random.normal(step_key, g.shape)


def run():
    key = jax.random.PRNGKey(0)
    g = jnp.zeros(3)
    first = noisy_grad(key, 0, g)
    return sum(bool(jnp.all(noisy_grad(key, s, g) == first)) for s in range(1, 4))
