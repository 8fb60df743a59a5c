"""Clean look-alike from https://github.com/astro-informatics/s2fft/pull/97 (the fix): the
recursion as `lax.scan`."""
import jax
import jax.numpy as jnp


@jax.jit
def trapani_recursion(dl, coeffs):
    def step(prev, c):
        new = c * prev
        return new, new

    _, rest = jax.lax.scan(step, dl[0], coeffs[1:])
    return jnp.concatenate([dl[:1], rest])
