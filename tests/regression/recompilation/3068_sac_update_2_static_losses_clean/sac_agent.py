from functools import partial
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp
from jax import jit, value_and_grad


class SAC_fns(NamedTuple):
    pi: Callable
    q: Callable


class SAC_params(NamedTuple):
    pi: Any
    q: Any
    q_targ: Any
    gamma: float


class SAC_obs(NamedTuple):
    S: Any
    R: Any
    Sn: Any


def create_net(key, in_dim, out_dim):
    k1, k2 = jax.random.split(key)
    return {"w1": 0.1 * jax.random.normal(k1, (in_dim, 32)),
            "w2": 0.1 * jax.random.normal(k2, (32, out_dim))}


@jit
def net_fn(params, x):
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


def q_loss(q, obs, non_grad, fns):
    A_n = jnp.tanh(fns.pi(non_grad.pi, obs.Sn))
    target = obs.R + non_grad.gamma * fns.q(non_grad.q_targ, jnp.concatenate([obs.Sn, A_n]))[0]
    A = jnp.tanh(fns.pi(non_grad.pi, obs.S))
    return (fns.q(q, jnp.concatenate([obs.S, A]))[0] - target) ** 2


def pi_loss(pi, obs, non_grad, fns):
    return -fns.q(non_grad.q, jnp.concatenate([obs.S, jnp.tanh(fns.pi(pi, obs.S))]))[0]


@partial(jit, static_argnums=(0, 4))
def batch_grad_2(loss_fn, params, batch, non_grad, fns):
    def batch_mean_loss(params, batch, non_grad):
        return jnp.mean(jax.vmap(loss_fn, (None, 0, None, None))(params, batch, non_grad, fns))

    return value_and_grad(batch_mean_loss)(params, batch, non_grad)


class Agent:
    def __init__(self, obs_dim, act_dim, seed=0, LR=3e-4, discount=0.99):
        kq, kp = jax.random.split(jax.random.PRNGKey(seed))
        self.q = create_net(kq, obs_dim + act_dim, 1)
        self.q_targ = self.q
        self.pi = create_net(kp, obs_dim, act_dim)
        self.pi_fn = self.q_fn = net_fn
        self.gamma = discount
        self.LR = LR

    def get_SAC_params(self):
        return SAC_params(pi=self.pi, q=self.q, q_targ=self.q_targ, gamma=self.gamma)

    def get_SAC_fns(self):
        return SAC_fns(pi=self.pi_fn, q=self.q_fn)

    def update_2(self, batch, LR=None):
        LR = self.LR if LR is None else LR
        non_grad = self.get_SAC_params()
        fns = self.get_SAC_fns()
        q_loss_val, q_grad = batch_grad_2(q_loss, self.q, batch, non_grad, fns)
        pi_loss_val, pi_grad = batch_grad_2(pi_loss, self.pi, batch, non_grad, fns)
        self.q = jax.tree_util.tree_map(lambda p, g: p - LR * g, self.q, q_grad)
        self.pi = jax.tree_util.tree_map(lambda p, g: p - LR * g, self.pi, pi_grad)
        return q_loss_val, pi_loss_val
