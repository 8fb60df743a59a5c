"""tinymcmc autocorrelation example: every iteration of the sampling loop does
`key, key_temp = jrandom.split(key, 2)`, feeds `key_temp` to the jitted HMC step and then
`del key_temp`, so no subkey can be reused by accident; the carried `key` is only ever split.
Correct key threading that looks like the usual "split in a loop" hazards.

Source: https://github.com/MatthewQuenneville/tinymcmc/blob/0f314ea11d9a17350ab270eb6c5633f0b954d752/examples/example_autocorrelation.py#L41
Observed on jax 0.10.x: 0 of 4 calls
"""
import jax
import jax.numpy as jnp
import jax.random as jrandom


def step_mala(key, E_dist, samples, step_size):
    key_step, key_accept = jrandom.split(key, 2)
    grad = jax.vmap(jax.grad(E_dist))(samples)
    proposal = samples - step_size**2 / 2 * grad + step_size * jrandom.normal(key_step, samples.shape)
    accept = jrandom.uniform(key_accept, (samples.shape[0],)) < 0.9
    return jnp.where(accept[:, None], proposal, samples)


def run():
    key = jrandom.key(1)
    n_points, d = 200, 5

    @jax.jit
    def logp(x):
        return -jnp.sum(x**2, axis=-1) / 2 - 0.5 * jnp.log(2 * jnp.pi)

    key, key_temp = jrandom.split(key, 2)
    samples = jrandom.normal(key=key_temp, shape=(n_points, d))
    del key_temp

    mala_length_scale = 0.5

    @jax.jit
    def step_func(key, samples):
        return step_mala(key, lambda x: -logp(x), samples, mala_length_scale)

    mala_samples = samples
    repeats = 0
    prev = None
    for _ in range(5):
        key, key_temp = jrandom.split(key, 2)
        new = step_func(key_temp, mala_samples)
        del key_temp
        if prev is not None:
            repeats += int(bool(jnp.allclose(new - mala_samples, prev)))
        prev = new - mala_samples
        mala_samples = new
    return repeats
