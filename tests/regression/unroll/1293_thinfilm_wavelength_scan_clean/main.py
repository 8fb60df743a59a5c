"""The same thin-film loss with the per-wavelength evaluation inside
jax.lax.scan over wavelength indices, as merged in the PR.

Source: https://github.com/gdsfactory/sax/pull/2
After the PR the notebook's loss defines ``inner_loop(transmitted, i)`` and
calls ``jax.lax.scan(inner_loop, transmitted, jnp.arange(N, dtype=jnp.int32))``;
the loop body is traced once whatever the number of wavelengths.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from sax_lite import copy_params, fabry_perot_tunable, lorentzian, set_global_params


@jax.jit
def loss(ts):
    N = len(ts[::2])
    wls = jnp.linspace(380, 780, N)
    transmitted = jnp.zeros_like(wls)
    target = lorentzian(533, 20, wls, 100)

    def inner_loop(transmitted, i):
        params = copy_params(fabry_perot_tunable["default_params"])
        params = set_global_params(params, wl=wls[i])
        params = set_global_params(params, t_amp=ts[i])
        params = set_global_params(params, t_ang=ts[N + i])
        params["gap"]["ni"] = 1.0
        params["gap"]["di"] = 2000.0
        transmission_i = fabry_perot_tunable["in", "out"](params)
        transmitted = transmitted.at[i].set(jnp.abs(transmission_i) ** 2)
        return transmitted, i

    transmitted, _ = jax.lax.scan(inner_loop, transmitted, jnp.arange(N, dtype=jnp.int32))
    return (jnp.abs(transmitted - target) ** 2).mean()


def run():
    ts_initial = jnp.concatenate([jnp.full(16, 0.5), jnp.zeros(16)])
    return jax.grad(loss)(ts_initial)
