"""IPReservoir on the jax backend ignores its own intrinsic-plasticity updates.

Source: https://github.com/reservoirpy/reservoirpy/issues/235
(fixed together with #234/#236 in https://github.com/reservoirpy/reservoirpy/pull/240)

In reservoirpy 0.4 the jax ``IPReservoir._step`` is decorated with
``partial(jax.jit, static_argnums=(0,))`` while ``fit``/``partial_fit`` keep
rewriting ``self.a`` and ``self.b``. ``self`` has identity hashing, so the first
trace bakes the initial gain/bias (a=1, b=0) into the compiled step as
constants and every later step keeps using them: the learned a/b never reach the
reservoir and jax predictions diverge from the numpy backend. Here a second node
is trained, the jitted ``_step`` output is compared with the same update written
out with the current a/b, and the steps that still use the stale gain are counted.

Observed on jax 0.10.2: 4 of 4 calls
"""
import jax.numpy as jnp
import numpy as np

from nodes import IPReservoir


def run():
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.normal(size=(20, 3)), dtype=jnp.float32)
    node = IPReservoir(units=8, seed=1)
    node.initialize(x)
    node.partial_fit(x[:16])  # a and b have moved away from 1 / 0

    stale = 0
    for u in x[16:]:
        state = node.state
        got = node._step(state, u)["out"]
        pre = (1 - node.lr) * state["internal"] + node.lr * (node.W @ state["out"] + node.Win @ u + node.bias)
        expected = jnp.tanh(node.a * pre + node.b)
        baked = jnp.tanh(pre)  # a=1, b=0 frozen at trace time
        if not np.allclose(got, expected, atol=1e-5) and np.allclose(got, baked, atol=1e-5):
            stale += 1
        node.state = {"internal": pre, "out": got}
    return stale
