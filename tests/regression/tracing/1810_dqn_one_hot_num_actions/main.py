"""A Dopamine-style JAX DQN agent jits its `train` function with only the optimizer static, and
inside the loss builds `jax.nn.one_hot(replay_elements['action'], num_actions)`. `num_actions` is
passed through the jitted function as an ordinary positional argument, so it arrives as a tracer
(the reporter saw `num_actions` printed as a JaxprTracer of shape ()), and one_hot cannot build an
array whose size is a traced value.

Source: https://github.com/jax-ml/jax/issues/3654
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp
import optax

from .agent import train


def run():
    num_actions, obs_dim, batch = 4, 6, 32
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {"w1": jax.random.normal(k1, (obs_dim, 16)) * 0.1, "w2": jax.random.normal(k2, (16, num_actions)) * 0.1}
    optimizer = optax.adam(1e-3)
    opt_state = optimizer.init(params)
    replay_elements = {
        "state": jax.random.normal(k3, (batch, obs_dim)),
        "next_state": jax.random.normal(k3, (batch, obs_dim)) + 0.1,
        "action": jax.random.randint(k3, (batch,), 0, num_actions),
        "reward": jnp.ones(batch),
        "terminal": jnp.zeros(batch),
    }
    params, opt_state, loss = train(optimizer, params, params, opt_state, replay_elements, num_actions, 0.99)
    return float(loss)
