"""While fixing jax-tqdm's progress-bar updates, the benchmark step used to
simulate an expensive scan body built its key as `jr.PRNGKey(carry)`, where the
carry is an integer counter that the body increments and returns. The seed
therefore changes on every iteration, so each step draws a different random
matrix; the key is not reused across steps.

Source: https://github.com/jeremiecoullon/jax-tqdm/pull/26
Observed on jax 0.10.x: 0 of 9 calls
"""
import jax
import jax.numpy as jnp
import jax.random as jr

n = 10
arr_size = 16


def step(carry, stuff):
    rand_mat = jr.normal(jr.PRNGKey(carry), (arr_size, arr_size))
    mat_mul = rand_mat @ rand_mat.T
    return carry + 1, (stuff + 1e-8 * jnp.sum(mat_mul), rand_mat[0, 0])


def map_func(i):
    final_value, _all_numbers = jax.lax.scan(step, 0, jnp.arange(n) * 1.0)
    return final_value, _all_numbers


def run():
    _, (_all_numbers, firsts) = jax.jit(map_func)(0)
    return sum(int(a == b) for a, b in zip(firsts, firsts[1:]))
