"""A key that is a leaf of a pytree: put into a state after it was drawn from, then drawn from again.

    python bench/measure_pytree_keys.py

jax 0.10.2 prints:

    state built with the drawn key, returned by name, split by the caller: KeyReuseError
    same, the reset draws equal the caller's next draws: True
    state built after splitting first: no error
    key made in the call's argument, state returned and split: KeyReuseError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    x: jax.Array
    key: jax.Array


def reset_spent(key):
    x = jax.random.normal(key, (3,))
    state = State(x=x, key=key)  # the drawn key becomes the state's key
    return state


def reset_split(key):
    key, sample_key = jax.random.split(key)
    state = State(x=jax.random.normal(sample_key, (3,)), key=key)
    return state


def follow(reset, key):
    state = reset(key)
    again = jax.random.normal(state.key, (3,))
    return state.x, again


def outcome(thunk) -> str:
    try:
        with jax.debug_key_reuse(True):
            thunk()
    except Exception as error:  # KeyReuseError
        return type(error).__name__
    return "no error"


if __name__ == "__main__":
    print("state built with the drawn key, returned by name, split by the caller:",
          outcome(lambda: follow(reset_spent, jax.random.key(0))))
    x, again = follow(reset_spent, jax.random.PRNGKey(0))
    print("same, the reset draws equal the caller's next draws:", bool(jnp.array_equal(x, again)))
    print("state built after splitting first:", outcome(lambda: follow(reset_split, jax.random.key(0))))
    print("key made in the call's argument, state returned and split:",
          outcome(lambda: jax.random.split(reset_spent(jax.random.key(7)).key)))
