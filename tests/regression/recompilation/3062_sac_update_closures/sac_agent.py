from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, value_and_grad


def create_net(key, in_dim, out_dim):
    k1, k2 = jax.random.split(key)
    return {"w1": 0.1 * jax.random.normal(k1, (in_dim, 32)),
            "w2": 0.1 * jax.random.normal(k2, (32, out_dim))}


@jit
def net_fn(params, x):
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


@partial(jit, static_argnums=(3,))
def q_loss(q, obs, non_grad, fns):
    q_fn, pi_fn = fns
    q_targ, pi, gamma = non_grad
    S, R, Sn = obs
    A_n = jnp.tanh(pi_fn(pi, Sn))
    target = R + gamma * q_fn(q_targ, jnp.concatenate([Sn, A_n]))[0]
    return (q_fn(q, jnp.concatenate([S, jnp.tanh(pi_fn(pi, S))]))[0] - target) ** 2


@partial(jit, static_argnums=(3,))
def pi_loss(pi, obs, non_grad, fns):
    pi_fn, q_fn = fns
    (q,) = non_grad
    S, _, _ = obs
    return -q_fn(q, jnp.concatenate([S, jnp.tanh(pi_fn(pi, S))]))[0]


@partial(jit, static_argnums=(1,))
def batch_grad(params, loss_fn, batch):
    # loss_fn must be a (partially evaled) function that takes only (params, obs)
    def g(params, batch):
        return jnp.mean(jax.vmap(loss_fn, (None, 0))(params, batch))

    return value_and_grad(g)(params, batch)


class Agent:
    def __init__(self, obs_dim, act_dim, seed=0, LR=3e-4, discount=0.99):
        kq, kp = jax.random.split(jax.random.PRNGKey(seed))
        self.q_fn = net_fn
        self.pi_fn = net_fn
        self.q = create_net(kq, obs_dim + act_dim, 1)
        self.q_targ = self.q
        self.pi = create_net(kp, obs_dim, act_dim)
        self.gamma = discount
        self.LR = LR

    def update(self, batch, LR=None):
        if LR is None:
            LR = self.LR

        @jit
        def q_loss_agent(params, obs):
            fns = (self.q_fn, self.pi_fn)
            non_grad = (self.q_targ, self.pi, self.gamma)
            return q_loss(params, obs, non_grad, fns)

        @jit
        def pi_loss_agent(params, obs):
            non_grad = (self.q,)
            fns = (self.pi_fn, self.q_fn)
            return pi_loss(params, obs, non_grad, fns)

        q_loss_val, q_grad = batch_grad(self.q, q_loss_agent, batch)  # expect: JAX405
        pi_loss_val, pi_grad = batch_grad(self.pi, pi_loss_agent, batch)  # expect: JAX405

        self.q = jax.tree_util.tree_map(lambda p, g: p - LR * g, self.q, q_grad)
        self.pi = jax.tree_util.tree_map(lambda p, g: p - LR * g, self.pi, pi_grad)
        return q_loss_val, pi_loss_val
