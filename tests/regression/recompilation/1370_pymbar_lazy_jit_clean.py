"""pymbar defers jitting its solver until the first call (so 64-bit mode is set first). The jitted
function is created once, stored, and reused on every later call; since the wrapped function object
never changes, JAX's cache is hit and the solver compiles only once.

Source: https://github.com/choderalab/pymbar/pull/505
Observed on jax 0.10.x: mbar_gradient compiled 1 times
"""
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

_jit_cache = {}


def mbar_gradient(u_kn, N_k, f_k):
    log_denom_n = logsumexp(f_k[:, None] - u_kn, b=N_k[:, None], axis=0)
    return N_k - N_k * jnp.exp(f_k + logsumexp(-log_denom_n - u_kn, axis=1) - f_k)


def get_jitted(name):
    if name not in _jit_cache:
        _jit_cache[name] = jax.jit(mbar_gradient)
    return _jit_cache[name]


def run():
    u_kn = jnp.ones((3, 30))
    N_k = jnp.array([10.0, 10.0, 10.0])
    f_k = jnp.zeros(3)
    for _ in range(3):
        f_k = f_k - 0.1 * get_jitted("mbar_gradient")(u_kn, N_k, f_k)
    return None


if __name__ == "__main__":
    run()
