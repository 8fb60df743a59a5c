"""``static_argnums`` given as a bare int rather than a tuple.

Source: https://github.com/jax-ml/jax/issues/969
The issue reported that passing an int to ``static_argnums`` was an easy
mistake; PR #976 ("Convert int input to static_argnums to a tuple") made jit
accept it.  A resampling helper here uses ``static_argnums=1`` for the output
length; this is correct code and compiles once per length.

Observed on jax 0.10.2: resample compiled 2 times
"""
import jax
import jax.numpy as jnp


def resample(signal, n_out):
    src = jnp.linspace(0.0, 1.0, signal.shape[0])
    dst = jnp.linspace(0.0, 1.0, n_out)
    return jnp.interp(dst, src, signal)


resample = jax.jit(resample, static_argnums=1)


def run():
    sig = jnp.sin(jnp.linspace(0, 3, 50))
    a = resample(sig, 20)
    b = resample(sig, 20)
    c = resample(sig, 40)
    return c
