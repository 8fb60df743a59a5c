"""Running max-product BP on a stream of factor graphs builds a new inferer
(with freshly jitted run functions) inside the per-graph helper.

Source: https://github.com/google-deepmind/PGMax/issues/8
"Memory leak issue": ``run_max_product_bp(fg, ...)`` calls
``infer.build_inferer(fg.bp_state, backend="bp")`` and then
``bp.run_with_diffs(...)`` for every new graph, so each call compiles again
(and keeps the executable alive).

Observed on jax 0.10.2: run_with_diffs compiled 3 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class BPState(NamedTuple):
    log_potentials: jnp.ndarray
    edges: tuple


class FactorGraph(NamedTuple):
    bp_state: BPState


class Inferer(NamedTuple):
    init: callable
    run_with_diffs: callable
    get_beliefs: callable


def build_inferer(bp_state, backend="bp"):
    edges = bp_state.edges

    def init():
        return jnp.zeros((len(edges), bp_state.log_potentials.shape[-1]))

    def run_with_diffs(bp_arrays, num_iters, damping, temperature):
        def body(msgs, _):
            new = jnp.stack([bp_state.log_potentials[j] + msgs[i] for i, j in edges])
            new = new - jax.nn.logsumexp(new / jnp.maximum(temperature, 1e-3), axis=-1, keepdims=True)
            msgs2 = damping * msgs + (1 - damping) * new
            return msgs2, jnp.max(jnp.abs(msgs2 - msgs))

        return jax.lax.scan(body, bp_arrays, None, length=num_iters)

    def get_beliefs(bp_arrays):
        return bp_state.log_potentials + bp_arrays.sum(0)

    return Inferer(init, jax.jit(run_with_diffs, static_argnames="num_iters"), get_beliefs)


def run_max_product_bp(fg, num_iters=100, damping=0.5):
    bp = build_inferer(fg.bp_state, backend="bp")
    bp_arrays = bp.init()
    bp_arrays, msgs_deltas = bp.run_with_diffs(  # expect: JAX402
        bp_arrays, num_iters=num_iters, damping=damping, temperature=0.0
    )
    beliefs = bp.get_beliefs(bp_arrays)
    return list(jnp.argmax(beliefs, axis=-1))


def potts_to_fg(seed):
    lp = jax.random.normal(jax.random.key(seed), (3, 4))
    return FactorGraph(BPState(lp, ((0, 1), (1, 2), (2, 0))))


def run():
    out = None
    for seed in range(3):
        fg = potts_to_fg(seed)
        out = run_max_product_bp(fg, num_iters=10, damping=0.5)
    return out
