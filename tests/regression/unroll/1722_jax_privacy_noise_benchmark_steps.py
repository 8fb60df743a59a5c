"""jax_privacy's distributed BandMF noise-generation benchmark builds `generate_noise(
model_params, bands, steps)` whose inner `@jax.jit def run(...)` loops
`for _ in range(steps): noisy_grad, state = privatizer.update(params, state)`. The `--steps`
flag says "Larger values can give more reliable estimates of runtime", so it gets run with
e.g. `--steps=100`; the Python loop is then unrolled one hundred times inside the jitted
function and compile time (and the XLA program) grows with the number of benchmark steps,
which is exactly what the timing was meant to exclude.

Source: https://github.com/google-deepmind/jax_privacy/blob/8967688c26d46f3b74bfdfe61ef1f984b887abab/examples/distributed_noise_generation.py
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

STEPS = 100  # --steps=100


class BandedPrivatizer:
    def __init__(self, bands, stddev, prng_key):
        self.bands, self.stddev, self.key = bands, stddev, prng_key

    def init(self, params):
        buf = jax.tree.map(lambda p: jnp.zeros((self.bands,) + p.shape), params)
        return {"buffer": buf, "step": jnp.int32(0)}

    def update(self, grads, state):
        key = jax.random.fold_in(self.key, state["step"])
        leaves, treedef = jax.tree.flatten(grads)
        keys = jax.random.split(key, len(leaves))
        z = jax.tree.unflatten(treedef, [self.stddev * jax.random.normal(k, l.shape)
                                         for k, l in zip(keys, leaves)])
        noise = jax.tree.map(lambda zz, b: zz - 0.5 * b.sum(0), z, state["buffer"])
        buf = jax.tree.map(lambda b, zz: jnp.roll(b, 1, axis=0).at[0].set(zz), state["buffer"], z)
        noisy = jax.tree.map(lambda g, n: g + n, grads, noise)
        return noisy, {"buffer": buf, "step": state["step"] + 1}


def generate_noise(model_params, bands=4, steps=1):
    privatizer = BandedPrivatizer(bands, 1.0, jax.random.key(0))

    @jax.jit
    def run(pytree_like_model_params):
        state = privatizer.init(pytree_like_model_params)
        noisy_grad = None
        for _ in range(steps):  # expect: JAX407
            noisy_grad, state = privatizer.update(pytree_like_model_params, state)
        return state, noisy_grad

    return run(model_params)


def run():
    params = {"w": jnp.ones((16, 16)), "b": jnp.ones((16,))}
    state, noisy = generate_noise(params, bands=8, steps=STEPS)
    return noisy["b"]
