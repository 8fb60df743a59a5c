"""Multi-agent hunting benchmark, recurrent critic: `PGCriticRNN.__call__` loops
`for t in range(seq_length)` over `x.shape`, and the IPPO critic update differentiates it inside a
jitted step (`jax.value_and_grad` of the value loss). Each of the seq_length steps is unrolled in
the forward trace and again in the backward pass, so a 32-step history already produces a large
program whose size scales with the observation window. Rebuilt with plain jax parameters.

Source: https://github.com/amavrits/jax-agents/blob/e23a51170d1aca50cc1b141a21f00c2a3dcbf59e/benchmarks/marl/hunting_2_players/agents.py#L146
Observed on jax 0.10.x: critic_update compiled 1 times
"""
import jax
import jax.numpy as jnp

from .agents import init_critic, pg_critic_rnn


@jax.jit
def critic_update(params, obs, h0, targets):
    def value_loss(p):
        values, _ = pg_critic_rnn(p, obs, h0)
        return jnp.mean((values - targets) ** 2)

    loss, grads = jax.value_and_grad(value_loss)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads)
    return params, loss


def run():
    params = init_critic(jax.random.PRNGKey(0), n_features=4, hidden_size=8)
    obs = jnp.ones((1, 32, 4))
    h0 = jnp.zeros((1, 8))
    params, loss = critic_update(params, obs, h0, jnp.ones((2,)))
    return loss
