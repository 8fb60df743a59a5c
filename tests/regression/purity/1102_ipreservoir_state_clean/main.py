"""Clean look-alike of the IPReservoir stale-constant bug: a/b passed as traced args.

Source: https://github.com/reservoirpy/reservoirpy/pull/240 (fix for
https://github.com/reservoirpy/reservoirpy/issues/235)

The fix stops closing the jitted step over a static ``self``: the plastic gain
and bias are explicit (traced) inputs of the compiled step, so each call sees the
values that ``partial_fit`` just wrote. No step uses the stale a=1/b=0.

Observed on jax 0.10.2: 0 of 4 calls
"""
import jax.numpy as jnp
import numpy as np

from nodes import IPReservoir


def run():
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.normal(size=(20, 3)), dtype=jnp.float32)
    node = IPReservoir(units=8, seed=1)
    node.initialize(x)
    node.partial_fit(x[:16])

    stale = 0
    for u in x[16:]:
        state = node.state
        got = node.step(u)
        pre = (1 - node.lr) * state["internal"] + node.lr * (node.W @ state["out"] + node.Win @ u + node.bias)
        expected = jnp.tanh(node.a * pre + node.b)
        if not np.allclose(got, expected, atol=1e-5):
            stale += 1
    return stale
