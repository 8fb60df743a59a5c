"""While profiling the action selection of a DQV agent for a thesis, the author put
print(rng), print(epsilon), print(num_actions), print(q_net), print(params) and
print(state) at the top of egreedy_action_selection and then jitted it
(egreedy_jitted = jax.jit(..., static_argnums=(1, 2, 3))). The prints run only while
jax traces the function: the profiling loop calls it 100 times but sees the output
once, and what it shows are tracers, not the key, the parameters or the state of each
call.

Source: https://github.com/xqz-u/dopamine/blob/8140edda4fb66164b2e0a99aff4f0284eafa8de7/thesis/tests/performances.py#L27
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io
from typing import Tuple

import jax
from jax import numpy as jnp
from jax import random as jrand


class ClassicControlDNNetwork:
    def __init__(self, output_dim: int):
        self.output_dim = output_dim

    def init(self, key, x):
        return {"w": jrand.normal(key, (x.size, self.output_dim))}

    def apply(self, params, x):
        return x.reshape(-1) @ params["w"]


def egreedy_action_selection(
    rng: jnp.ndarray,
    epsilon: float,
    num_actions: int,
    q_net: ClassicControlDNNetwork,
    params: dict,
    state: jnp.ndarray,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    print(rng)  # expect: JAX101
    print(epsilon)  # expect: JAX101
    print(num_actions)  # expect: JAX101
    print(q_net)  # expect: JAX101
    print(params)  # expect: JAX101
    print(state)  # expect: JAX101
    key, key1, key2 = jrand.split(rng, 3)
    return key, jnp.where(
        jrand.uniform(key1) <= epsilon,
        jrand.randint(key2, (), 0, num_actions),
        jnp.argmax(q_net.apply(params, state)),
    )


egreedy_jitted = jax.jit(egreedy_action_selection, static_argnums=(1, 2, 3))


def create_net_and_params():
    rng, k = jrand.split(jrand.PRNGKey(42))
    state = jrand.uniform(k, (4, 1))
    net = ClassicControlDNNetwork(output_dim=2)
    rng, k = jrand.split(rng)
    params = net.init(k, state)
    return rng, net, params, state


def profile_action_selection(selection_fn, iters, rng, net, params, state):
    chosen_actions = []
    for _ in range(iters):
        rng, action = selection_fn(rng, 0.01, 2, net, params, state)
        chosen_actions.append(action)
        rng, k = jrand.split(rng)
        state = jrand.uniform(k, (4, 1))
    return chosen_actions


def run():
    printed = []

    def counted(*args):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            out = egreedy_jitted(*args)
        printed.append(bool(buf.getvalue()))
        return out

    profile_action_selection(counted, 3, *create_net_and_params())
    return sum(printed)
