"""An attribute assigned on a traced argument inside jit, and that argument returned.

jit rebuilds each traced argument from its leaves for the trace, so a store on it changes the
trace's copy only. When the function returns that copy (itself, in a tuple, or as the carry of
a lax loop), the stored value reaches the caller through the result on every call; only the
caller's own object stays as it was. Measured on jax 0.10.2 (run with /work/venv):

    returned copy holds the new value on 3 calls: [1.0, 2.0, 3.0]
    caller's object untouched: True
    jitted method storing on self, returning self: [1.0, 2.0, 3.0]
    fori_loop carry: [11.0, 12.0, 13.0]
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclass
class State:
    r: jax.Array
    log_psi: jax.Array


@jax.jit
def refresh(state, x):
    state.log_psi = state.r + x  # a store on the trace's copy...
    return state  # ...which the caller gets back


@jax.jit
def run_steps(state, x):
    state.log_psi = state.r + x
    return jax.lax.fori_loop(0, 10, lambda i, s: State(s.r, s.log_psi + 1.0), state)


@jax.tree_util.register_pytree_node_class
class Model:
    """A pytree whose jitted method stores on `self` and returns it (treex's `init_step`)."""

    def __init__(self, w):
        self.w = w

    def tree_flatten(self):
        return [self.w], None

    @classmethod
    def tree_unflatten(cls, _, children):
        return cls(*children)

    @jax.jit
    def init_step(self, x):
        self.w = x
        return self


def main():
    state = State(jnp.float32(0.0), jnp.float32(-1.0))
    print("returned copy holds the new value on 3 calls:", [float(refresh(state, jnp.float32(i)).log_psi) for i in (1, 2, 3)])
    print("caller's object untouched:", float(state.log_psi) == -1.0)
    model = Model(jnp.float32(0.0))
    print("jitted method storing on self, returning self:", [float(model.init_step(jnp.float32(i)).w) for i in (1, 2, 3)])
    print("fori_loop carry:", [float(run_steps(state, jnp.float32(i)).log_psi) for i in (1, 2, 3)])


if __name__ == "__main__":
    main()
