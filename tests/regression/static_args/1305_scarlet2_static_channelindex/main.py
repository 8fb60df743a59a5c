"""scarlet2 (astronomical scene modelling) stored the band index of every (band, epoch)
channel of a transient scene as a `jnp.array` in an `eqx.field(static=True)`
(`StaticArraySpectrum._channelindex`).  Static fields become part of the jit cache key,
so the first fit compiles fine, but fitting a second scene whose channel layout differs
makes JAX compare the two static arrays and fail ("static arguments should be comparable
using __eq__ ... arrays cannot be passed as metadata fields"); the PR removed the static
annotations (closing #121, linked to the cache-miss report #120).

Source: https://github.com/pmelchior/scarlet2/pull/129
Observed on jax 0.10.x: raises ValueError
"""
import warnings

import equinox as eqx
import jax
import jax.numpy as jnp

from spectrum import Frame, StaticArraySpectrum


@eqx.filter_jit
def _make_step(spectrum, observed):
    def loss(s):
        return jnp.sum((s() - observed) ** 2)

    g = jax.grad(lambda d: loss(eqx.tree_at(lambda s: s.data, spectrum, d)))(spectrum.data)
    return eqx.tree_at(lambda s: s.data, spectrum, spectrum.data - 0.1 * g)


def fit(frame, observed, steps=2):
    spectrum = StaticArraySpectrum(frame, jnp.ones(2), ["G", "R"])
    for _ in range(steps):
        spectrum = _make_step(spectrum, observed)
    return spectrum


def run():
    warnings.simplefilter("ignore", UserWarning)
    frame1 = Frame(channels=[("G", 0), ("G", 1), ("R", 0), ("R", 1), ("R", 2)])
    frame2 = Frame(channels=[("G", 0), ("R", 0), ("G", 1), ("R", 1), ("G", 2)])
    s1 = fit(frame1, jnp.array([1.0, 1.1, 2.0, 2.1, 2.2]))
    s2 = fit(frame2, jnp.array([1.0, 2.0, 1.1, 2.1, 1.2]))
    return s1.data + s2.data
