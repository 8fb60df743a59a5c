"""Before jax-tqdm existed, the user added a tqdm-style progress bar to the body of the lax.scan
that runs their sampler, calling `pbar.update(1)` from inside the scanned step of a jitted
function. The update is a Python side effect, so it runs once while tracing and never again: each
compiled run of 50 iterations advances the bar by one step at most. (This is why jax-tqdm routes
the update through a host callback.)

Source: https://github.com/jeremiecoullon/jax-tqdm/issues/5
Observed on jax 0.10.x: sample compiled 1 times; 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from progress import ProgressBar

num_samples = 50
pbar = ProgressBar(num_samples)


def step(carry, iter_num):
    x, key = carry
    key, sub = jax.random.split(key)
    x = x + 0.1 * jax.random.normal(sub, x.shape)
    pbar.update(1)  # expect: JAX102
    return (x, key), x


@jax.jit
def sample(x0, key):
    _, xs = jax.lax.scan(step, (x0, key), jnp.arange(num_samples))
    return xs


def run():
    missed = 0
    for seed in range(3):
        before = pbar.n
        sample(jnp.zeros(2), jax.random.PRNGKey(seed))
        missed += int(pbar.n - before != num_samples)
    return missed
