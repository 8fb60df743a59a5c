"""Sampler interface that updates the model state variable by variable in Python loops under jit.

Source: https://github.com/liesel-devs/liesel/issues/205
"I keep experiencing relatively long compile times. I suspect, the Python loops in
`LieselInterface.update_state`, and possibly in `LieselInterface.extract_position` might be
responsible for this". Here a model graph with many scalar parameters is updated node by node:
the interface walks every position key and every dependent node in Python inside the jitted
log-density, so the traced program grows with the number of model variables.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

N_VARS = 120


class ModelInterface:
    def __init__(self, names, children):
        self.names = names
        self.children = children  # name -> list of dependent node names

    def update_state(self, position, state):
        state = dict(state)
        for name in self.names:  # expect: JAX407
            state[name] = position[name]
            for child in self.children[name]:
                state[child] = state[child] + 0.5 * position[name]
        return state

    def log_prob(self, state):
        flat, _ = ravel_pytree(state)
        return -0.5 * jnp.sum(flat ** 2)


def build_interface(n):
    names = [f"beta_{i}" for i in range(n)]
    children = {nm: [f"eta_{i % 10}"] for i, nm in enumerate(names)}
    state = {**{nm: jnp.zeros(()) for nm in names}, **{f"eta_{k}": jnp.zeros(5) for k in range(10)}}
    return ModelInterface(names, children), state


def run():
    interface, state = build_interface(N_VARS)

    @jax.jit
    def log_density(position, state):
        return interface.log_prob(interface.update_state(position, state))

    position = {nm: jnp.asarray(0.1) for nm in interface.names}
    return log_density(position, state)
