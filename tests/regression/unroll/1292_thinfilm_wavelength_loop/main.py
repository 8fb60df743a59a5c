"""Wavelength-dependent thin-film design: the jitted loss loops in Python
over every wavelength sample (N = len(ts) // 2), building the parameter dict
and evaluating the circuit once per sample, so the trace grows with N.

Source: https://github.com/gdsfactory/sax/pull/2
"Changes from PR1 ... incorporated lax looping function": in SAX's
``examples/02_thinfilm.ipynb`` the ``@jax.jit def loss(ts)`` for the tunable
Fabry-Perot computes ``N = len(ts[::2])`` wavelengths and, per wavelength,
copies the default params, sets ``wl``, ``t_amp=ts[i]``, ``t_ang=ts[N+i]`` and
evaluates ``fabry_perot_tunable["in","out"](params)``; the PR moved this
from a Python loop into ``jax.lax.scan(inner_loop, ...)`` ("the lax function
is faster to compile").  This is the Python-loop form, with the circuit
helpers in a separate module.  With 100 wavelengths, jitting the gradient of
this loss on XLA:CPU ran for minutes and printed "Very slow compile?"; the
case uses 16 so that it finishes quickly.

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
    for i in range(N):  # expect: JAX407
        params = copy_params(fabry_perot_tunable["default_params"])
        params = set_global_params(params, wl=wls[i])
        params = set_global_params(params, t_amp=ts[i])
        params = set_global_params(params, t_ang=ts[N + i])
        params["gap"]["ni"] = 1.0
        params["gap"]["di"] = 2000.0
        transmission_i = fabry_perot_tunable["in", "out"](params)
        transmitted = transmitted.at[i].set(jnp.abs(transmission_i) ** 2)
    return (jnp.abs(transmitted - target) ** 2).mean()


def run():
    ts_initial = jnp.concatenate([jnp.full(16, 0.5), jnp.zeros(16)])
    return jax.grad(loss)(ts_initial)
