"""DrQ-V2 actor with a step-dependent exploration schedule. The jitted pure policy
`select_action(params, observation, state, step)` receives the step count as an argument; the
actor object increments `self._num_steps` in its host-side `select_action` method after the
jitted call, and threads the PRNG state through `self._state` from the jitted function's
return value. Nothing inside the jitted function reads or writes the actor's attributes, so the
exploration noise follows the schedule on every call. run() returns how many of three actions
used a new (decayed) standard deviation.

Source: https://github.com/ethanluoyc/magi/blob/48c713662b4ed2830d31b885843f7ee408ce33c4/magi/agents/drq_v2/acting.py#L79
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from acting import DrQV2Actor
from networks import make_policy


def run():
    params = {"w": jnp.ones((3, 2))}
    actor = DrQV2Actor(make_policy(), jax.random.PRNGKey(0), params)
    actor.observe_first()
    observation = jnp.ones(3)
    prev, changed = None, 0
    for _ in range(3):
        _, stddev = actor.select_action(observation)
        changed += prev is None or stddev != prev
        prev = stddev
    return changed
