"""Clean look-alike: the exercise derives one key per training step with
jax.random.fold_in(base_key, step) from a single base key built once, draws n samples per step
and stacks them. The base key is used many times, but only as fold_in input with a different step
number each time, so every step's samples are distinct and reproducible.

Source: https://crackedaicode.com/problems/jax-prngkey-fold-in
Observed on jax 0.10.x: 0 of 4 calls
"""
import jax
import jax.numpy as jnp


def fold_in_per_step(seed, n_steps, n):
    base_key = jax.random.PRNGKey(int(seed))
    rows = []
    for k in range(int(n_steps)):
        step_key = jax.random.fold_in(base_key, k)
        rows.append(jax.random.normal(step_key, (int(n),)))
    return jnp.stack(rows)


def run():
    out = fold_in_per_step(0.0, 5.0, 3.0)
    return sum(int(bool(jnp.all(row == out[0]))) for row in out[1:])
