"""Jitted simulation with the series length `n` static, called for a sweep of lengths.

Source: https://github.com/QuantEcon/lecture-jax/issues/33
The wealth-dynamics lecture jitted the outer loop `wealth_time_series_for_loop_jax`
with `static_argnums=(1, 3)` and got "Compiling module ... Very slow compile?";
every new value of the static length compiles (and unrolls) the loop again.

Observed on jax 0.10.2: wealth_time_series_for_loop_jax compiled 3 times
"""
import jax
import jax.numpy as jnp


def wealth_time_series_for_loop_jax(w_0, n, params, key):
    w_hat, s_0, mu_r, sigma_r = params
    w = [w_0]
    for t in range(n - 1):
        key, subkey = jax.random.split(key)
        r = jnp.exp(mu_r + sigma_r * jax.random.normal(subkey))
        w.append(r * s_0 * w[-1] + w_hat)
    return jnp.array(w)


wealth_time_series_for_loop_jax = jax.jit(wealth_time_series_for_loop_jax, static_argnums=(1,))


def run():
    params = (1.0, 0.75, 0.0, 0.1)
    key = jax.random.key(0)
    out = None
    for n in (10, 20, 40):
        key, sim_key = jax.random.split(key)
        out = wealth_time_series_for_loop_jax(1.0, n, params, sim_key)  # expect: JAX403,JAX405
    return out
