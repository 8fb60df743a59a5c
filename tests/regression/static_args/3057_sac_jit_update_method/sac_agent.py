from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, value_and_grad


@jit
def q_fn(q, S, A):
    return jnp.tanh(jnp.concatenate([S, A], axis=-1) @ q["w1"]) @ q["w2"]


@partial(jit, static_argnums=(1,))
def batch_grad(params, loss_fn, batch):
    # loss_fn must be a (partially evaled) function that takes only (params, obs)
    def g(params, batch):
        return jnp.mean(jax.vmap(loss_fn, (None, 0))(params, batch))

    return value_and_grad(g)(params, batch)


class Agent:
    def __init__(self, obs_dim, act_dim, LR=3e-4, discount=0.99, seed=0):
        k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
        self.q = {"w1": 0.1 * jax.random.normal(k1, (obs_dim + act_dim, 32)),
                  "w2": 0.1 * jax.random.normal(k2, (32, 1))}
        self.q_targ = self.q
        self.q_fn = q_fn
        self.gamma = discount
        self.LR = LR
        self.batch = None

    def remember(self, S, A, R, Sn, An):
        self.batch = (S, A, R, Sn, An)

    @jit
    def update(self, LR=None):  # expect: JAX306
        if LR is None:
            LR = self.LR

        def q_loss_agent(params, obs):
            S, A, R, Sn, An = obs
            target = R + self.gamma * self.q_fn(self.q_targ, Sn, An)[0]
            return (self.q_fn(params, S, A)[0] - target) ** 2

        q_loss_val, q_grad = batch_grad(self.q, q_loss_agent, self.batch)
        self.q = jax.tree_util.tree_map(lambda p, g: p - LR * g, self.q, q_grad)
        return q_loss_val
