"""equinox: `State.set` marks the old state as consumed by assigning to `self`.

Source: https://github.com/patrick-kidger/equinox/issues/1071
(equinox, "Bug: state invalidation does not work across JIT boundaries").

`eqx.nn.State.set(index, value)` returns a new state and invalidates the old
one with `self._state = _sentinel`, so that reusing a consumed state raises.
When the stateful layer's `__call__` is wrapped in `jax.jit`, the state passed
in is flattened and rebuilt inside the trace: the assignment lands on the
traced copy, the caller's `state` object is never invalidated, and it "could
potentially be reused multiple times". The report's MRE (a `Counter` module)
is kept; `State`/`StateIndex` are a trimmed copy of equinox's internals so the
attribute assignment is visible.

Observed on jax 0.10.2: 0 of 2 calls
"""
import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array

_sentinel = object()


class StateIndex(eqx.Module):
    marker: int = eqx.field(static=True)
    init: Array


class State:
    def __init__(self, store: dict):
        self._state = store

    def get(self, item: StateIndex):
        if self._state is _sentinel:
            raise ValueError("Attempted to use old state. States can only be used once.")
        return self._state[item.marker]

    def set(self, item: StateIndex, value) -> "State":
        if self._state is _sentinel:
            raise ValueError("Attempted to use old state. States can only be used once.")
        state = dict(self._state)
        state[item.marker] = value
        new_self = object.__new__(State)
        new_self._state = state
        self._state = _sentinel  # expect: JAX105
        return new_self


def _flatten(s):
    keys = tuple(sorted(s._state))
    return tuple(s._state[k] for k in keys), keys


def _unflatten(keys, values):
    return State(dict(zip(keys, values)))


jax.tree_util.register_pytree_node(State, _flatten, _unflatten)


class Counter(eqx.Module):
    index: StateIndex

    def __init__(self):
        init_state = jnp.array(0)
        self.index = StateIndex(marker=0, init=init_state)

    @jax.jit
    def __call__(self, x: Array, state: State) -> tuple[Array, State]:
        value = state.get(self.index)
        new_x = x + value
        new_state = state.set(self.index, value + 1)
        return new_x, new_state


def run():
    counter = Counter()
    state = State({counter.index.marker: counter.index.init})
    invalidated = 0
    x = jnp.array(2.3)
    for _ in range(2):
        old_state = state
        x, state = counter(x, old_state)
        try:
            old_state.get(counter.index)
        except ValueError:
            invalidated += 1
    # after how many calls was the consumed state actually invalidated
    return invalidated
