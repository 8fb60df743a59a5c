"""optax: a new `optax.adam(...)` passed as a static argument on every iteration.

Source: https://github.com/google-deepmind/optax/issues/197
(optax, "Prevent unnecessary recompilation due to closures in optimizers").

The reporter's benchmark jits `inference(gt)` -- a `lax.scan` of gradient
steps driven by an optax `GradientTransformation` -- with the transformation
as `static_argnums=0`, and builds `gt1 = adam(0.05)` inside the loop. An optax
optimizer is a NamedTuple of freshly created `init`/`update` closures, so each
`adam(0.05)` hashes differently and `inference` is recompiled every time
("optax compiled 100 times"; 5 iterations here).

Observed on jax 0.10.2: inference compiled 5 times
"""
from typing import Any, NamedTuple

import jax.numpy as jnp
from jax import grad, jit
from jax.lax import scan
from optax import adam


class State(NamedTuple):
    parameters: jnp.ndarray
    gt_state: Any


def loss(parameters):
    return jnp.square(parameters - 1.0)


def inference(gt: Any):
    def do_one(state: State, _: None):
        gradient = grad(loss)(state.parameters)
        new_gradient, gt_state = gt.update(gradient, state.gt_state, state.parameters)
        parameters = state.parameters + new_gradient
        return State(parameters, gt_state), parameters

    state = State(jnp.array(0.0), gt.init(jnp.array(0.0)))
    final_state, trajectory = scan(do_one, state, None, 100)
    return trajectory


def benchmark(n_runs=5):
    for _ in range(n_runs):
        gt1 = adam(0.05)
        jit(inference, static_argnums=0)(gt1)  # expect: JAX405


def run():
    benchmark()
