"""In-context-learning research code: `create_reg_data_sin_test` builds a sine regression task
from two keys. The second key `rng2` is fed to three `jax.random.uniform` calls: the amplitude,
the phase and the context inputs all come from the same key. Because amplitude and phase are
drawn with the same key and shape, they are the same uniform number rescaled, so every task's
phase is a deterministic function of its amplitude (and the first context input repeats it too).
The function is vmapped with `rng2` broadcast (in_axes None), so each task of the batch shares it.

Source: https://github.com/google-research/self-organising-systems/blob/3d5547ca48b60ecac459834e2c05c9ff5df87991/transformers_learn_icl_by_gd/src/data.py#L139
Observed on jax 0.10.x: 3 of 3 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import vmap


@partial(jax.jit, static_argnums=(2, 3))
def create_reg_data_sin_test(rng, rng2, c_size, input_range, w_scale):
    """Dublicate of the obove - TODO."""

    amp = jax.random.uniform(rng2, shape=[1], minval=0.1, maxval=0.5) * w_scale
    phase = jax.random.uniform(rng2, shape=[1], minval=0.0,  # expect: JAX501
                               maxval=1) * jnp.pi * w_scale

    x = jax.random.uniform(rng2, shape=[c_size, 1],  # expect: JAX501
                           minval=-input_range / 2, maxval=input_range / 2)
    x_querry = jax.random.uniform(rng, shape=[1, 1],
                                  minval=-input_range / 2, maxval=input_range / 2)
    y_data = jnp.sin(x + phase) * amp
    y_target = jnp.sin(x_querry + phase) * amp
    seq = jnp.concatenate([x, y_data], -1)
    target = jnp.concatenate([x_querry, y_target], -1)
    y_querry_init = jnp.zeros_like(y_target)

    zero = jnp.concatenate([x_querry, y_querry_init], -1)
    seq = jnp.concatenate([seq, zero], 0)
    return jnp.squeeze(seq), jnp.squeeze(target), (phase, amp)


data_creator = vmap(create_reg_data_sin_test,  # expect: JAX503
                    in_axes=(0, None, None, None, None), out_axes=0)


def run():
    rng = jax.random.PRNGKey(0)
    hits = 0
    for _ in range(3):
        rng, task_rng, test_rng_avg = jax.random.split(rng, 3)
        _, _, (phase, amp) = data_creator(jax.random.split(task_rng, num=4), test_rng_avg, 10, 10, 1)
        u_amp = (amp[0, 0] - 0.1) / 0.4
        u_phase = phase[0, 0] / jnp.pi
        hits += bool(jnp.abs(u_amp - u_phase) < 1e-5)
    return hits
