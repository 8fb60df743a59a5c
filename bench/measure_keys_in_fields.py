"""Keys held in fields: handed back inside a pytree after being consumed, or stored by a
constructor and consumed by the object's methods (jax 0.10.2).

    python bench/measure_keys_in_fields.py

Measured on jax 0.10.2 (CPU):
- `reset` draws from `key` and returns `State(x, key=key)`; a caller drawing from `state.key`
  gets the very numbers `reset` drew (equal: True);
- a function splits `state.key` in a scan and returns `state` unchanged; the caller's split of
  `state.key` gives the scan's first keys again (equal: True);
- typed keys under `jax.debug_key_reuse(True)`: the caller's draw raises KeyReuseError;
- `s = KeySequence(k)` stores `k` in `s._key`; `s.take(3)` splits it: its keys are
  `jax.random.split(k, 4)[1:]`, what the caller makes from `k` next (equal: True).
"""

from __future__ import annotations

from typing import NamedTuple

import jax
import numpy as np


class State(NamedTuple):
    x: jax.Array
    key: jax.Array


def reset(key):
    x = jax.random.normal(key, (3,))
    state = State(x=x, key=key)
    return state


def dream(state, n):
    def step(k, _):
        k, sub = jax.random.split(k)
        return k, sub

    _, keys = jax.lax.scan(step, state.key, None, length=n)
    return state, keys


class KeySequence:
    def __init__(self, key):
        self._key = key

    def take(self, n):
        self._key, *keys = jax.random.split(self._key, n + 1)
        return keys


def main() -> None:
    state = reset(jax.random.PRNGKey(0))
    again = jax.random.normal(state.key, (3,))
    print("reset's draw repeated by the caller:", bool(np.array_equal(state.x, again)))
    state, keys = dream(State(state.x, jax.random.PRNGKey(1)), 2)
    k, sub = jax.random.split(state.key)
    print("the caller's split gives the scan's keys again:", bool(np.array_equal(sub, keys[0])))
    k = jax.random.PRNGKey(42)
    taken = KeySequence(k).take(3)
    print("the stored key's keys are the caller's:", bool(np.array_equal(np.stack(taken), jax.random.split(k, 4)[1:])))
    try:
        with jax.debug_key_reuse(True):
            s = reset(jax.random.key(0))
            jax.random.normal(s.key, (3,))
        print("typed keys: no error")
    except Exception as error:  # noqa: BLE001
        print("typed keys:", type(error).__name__)


if __name__ == "__main__":
    main()
