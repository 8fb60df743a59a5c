"""A key inside a pytree carry of a lax loop (a NamedTuple, a dict), drawn from on every
iteration and handed back unchanged (`state._replace(x=...)`, `LoopState(x, state.key)`,
`{"x": ..., "key": carry["key"]}`): every iteration draws the same numbers. Split and written
back, they differ.

Measured on jax 0.10.2 (run with python bench/measure_pytree_carry_keys.py):
    fori_loop, NamedTuple _replace(x=...): all iterations equal True
    scan, NamedTuple rebuilt with state.key: all iterations equal True
    fori_loop, dict carry: all iterations equal True
    fori_loop, NamedTuple split and written back: all iterations equal False
"""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class LoopState(NamedTuple):
    x: jax.Array
    key: jax.Array
    draws: jax.Array


def replaced(i, state):
    noise = jax.random.normal(state.key, ())
    return state._replace(x=state.x + noise, draws=state.draws.at[i].set(noise))


def advanced(i, state):
    key, sub = jax.random.split(state.key)
    noise = jax.random.normal(sub, ())
    return state._replace(x=state.x + noise, key=key, draws=state.draws.at[i].set(noise))


def rebuilt(state, i):
    noise = jax.random.normal(state.key, ())
    return LoopState(state.x + noise, state.key, state.draws.at[i].set(noise)), noise


def in_dict(i, carry):
    noise = jax.random.normal(carry["key"], ())
    return {"key": carry["key"], "draws": carry["draws"].at[i].set(noise)}


def all_equal(draws):
    return bool(jnp.all(draws == draws[0]))


start = LoopState(jnp.zeros(()), jax.random.PRNGKey(0), jnp.zeros(4))
print("fori_loop, NamedTuple _replace(x=...): all iterations equal", all_equal(jax.lax.fori_loop(0, 4, replaced, start).draws))
print("scan, NamedTuple rebuilt with state.key: all iterations equal", all_equal(jax.lax.scan(rebuilt, start, jnp.arange(4))[1]))
print("fori_loop, dict carry: all iterations equal", all_equal(
    jax.lax.fori_loop(0, 4, in_dict, {"key": jax.random.PRNGKey(0), "draws": jnp.zeros(4)})["draws"]
))
print("fori_loop, NamedTuple split and written back: all iterations equal", all_equal(jax.lax.fori_loop(0, 4, advanced, start).draws))
