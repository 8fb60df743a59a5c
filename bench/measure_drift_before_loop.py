"""A jitted call before a loop with a Python float in a dict, then the loop's calls with float32
arrays there (`dict(DEFAULTS, tau=tau)` over `jnp.linspace`), on jax 0.10.2.
Run: PYTHONPATH=. python bench/measure_drift_before_loop.py

Measured (jax 0.10.2, CPU): spectrum compiled 2 times (once for the weak Python float, once
for the strong float32 array leaf); with `jnp.float32(1.0)` as the default, 1 time.
"""
import jax
import jax.numpy as jnp

from jaxcheck.runtime.compile_log import compile_log


@jax.jit
def spectrum(params, ell):
    return params["w"] * params["tau"] ** 0.7 * ell


def sweep(defaults):
    ell = jnp.arange(2.0, 20.0)
    spectrum(dict(defaults), ell)
    for tau in jnp.linspace(0.98, 1.02, 3):
        spectrum(dict(defaults, tau=tau), ell)


if __name__ == "__main__":
    log = compile_log()
    for label, default in (("Python float", 1.0), ("float32 array", jnp.float32(1.0))):
        spectrum.clear_cache()
        mark = log.mark()
        sweep({"w": jnp.asarray(0.1), "tau": default})
        print(f"default {label}: spectrum compiled {log.count_of(log.since(mark), 'spectrum')} times")
