"""gymnax's MinAtar Asterix `step_entities` decided whether the agent died with a Python
`bool(done > 0)` on a value computed from the env state. Running the environment through the
jitted `step` wrapper (as the gym wrapper and any PPO loop does) tried to convert the traced
comparison to a Python bool and failed while tracing.

Source: https://github.com/RobertTLange/gymnax/issues/83
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def step_entities(state):
    entities = state["entities"]
    player_x, player_y = state["player_x"], state["player_y"]
    hit = (entities[:, 0] == player_x) & (entities[:, 1] == player_y) & (entities[:, 3] == 0)
    done = jnp.sum(hit)
    reward = jnp.sum((entities[:, 0] == player_x) & (entities[:, 3] == 1))
    state = dict(state, terminal=bool(done > 0))  # expect: JAX201
    return state, reward, done


@jax.jit
def step(key, state, action):
    state = dict(state, player_x=jnp.clip(state["player_x"] + action - 1, 0, 9))
    state, reward, done = step_entities(state)
    return state, reward, done


def run():
    state = {
        "player_x": jnp.array(5),
        "player_y": jnp.array(5),
        "entities": jnp.array([[5, 5, 1, 0], [2, 7, 0, 1], [9, 1, 1, 0]]),
        "terminal": False,
    }
    step(jax.random.PRNGKey(0), state, jnp.array(1))
