"""JIT-compiler benchmark (JAX vs Numba vs TF vs Triton) estimating pi by Monte Carlo. The JAX
variant is `@jax.jit def monte_carlo_pi(ln: int)` wrapped in timing/accuracy decorators, and it
builds its samples with `jax.random.uniform(keyx, shape=(ln,))` and `jnp.ones((ln,))`. `ln` is a
traced argument (and the driver even passes floats from `np.logspace`), so the sample count is
not a concrete shape and the very first call fails while tracing. Rebuilt with the benchmark's
decorators lifted to module level (in the repo they are nested inside benchmarks.main()) and a
small logspace.

Source: https://github.com/ssghost/JITS_tests/blob/64167d82fc951f988ac2def414495421b1aabcc9/jax-jit.py#L7-L20
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp
import numpy as np

from benchmarks import bench_time, bench_accuracy


@bench_time
@bench_accuracy
@jax.jit
def monte_carlo_pi(ln: int):
    keyx = jax.random.PRNGKey(111111)
    keyy = jax.random.PRNGKey(222222)
    random_x = jax.random.uniform(keyx, shape=(ln,))  # expect: JAX204
    random_y = jax.random.uniform(keyy, shape=(ln,))
    return 4.0 * jnp.sum(jnp.where((random_x**2 + random_y**2 < 1.0), jnp.ones((ln,)), jnp.zeros((ln,)))) / ln


def run():
    out = []
    for i in np.logspace(start=2, stop=4, num=3):
        out.append(monte_carlo_pi(i))
    return out


if __name__ == "__main__":
    print(run())
