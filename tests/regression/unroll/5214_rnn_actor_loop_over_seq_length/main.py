"""Multi-agent hunting benchmark (flax linen, IPPO): the recurrent actor
`PGActorContinuousRNN.__call__` unpacks `batch_size, seq_length, n_features = x.shape` and runs a
Python `for t in range(seq_length):` applying a Dense cell to each time step. The agent's `policy`
and `_sample_actions` are jitted, so the whole observation history is unrolled into the trace: the
trip count comes from the data's shape, and longer histories mean proportionally larger programs
and a fresh, longer compile for every new sequence length. Rebuilt with equinox layers.

Source: https://github.com/amavrits/jax-agents/blob/f0640392afba15651ec9057bb300330f4c2c1eb7/benchmarks/marl/hunting_2_players/agents.py#L129
Observed on jax 0.10.x: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from agents import PGActorContinuousRNN


@eqx.filter_jit
def policy(actor, obs, h):
    mus, h = actor(obs, h)
    return jax.lax.stop_gradient(mus), h


def run():
    actor = PGActorContinuousRNN(n_features=4, hidden_size=8, key=jax.random.PRNGKey(0))
    obs = jnp.ones((1, 40, 4))
    h = jnp.zeros((8,))
    mus, h = policy(actor, obs, h)
    return mus
