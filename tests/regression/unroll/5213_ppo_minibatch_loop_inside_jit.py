"""PPO-KL on brax: `update_one_epoch` is a jitted function that receives the list of minibatch
index arrays (`mb_inds = np.split(b_inds, args.num_minibatches)`) and runs
`for b_ind in b_idxes:` inside the jit, computing `jax.value_and_grad(loss)` and an optax update
for every minibatch. With the default --num-minibatches 32 the trace contains 32 unrolled copies
of the forward pass, the backward pass and the optimizer update, so compile time grows with the
number of minibatches (a lax.scan over stacked indices would trace the body once).

Source: https://github.com/DavidSlayback/jax-toolkit/blob/44a419e57989cfacfe0895aa4634c3a767c26fda/examples/ppo_kl_brax.py#L361
Observed on jax 0.10.x: runs
"""
import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax

args = argparse.Namespace(num_envs=64, num_minibatches=32, update_epochs=1, vf_coef=0.5, kl_coef=3.0,
                          ent_coef=1e-3, max_grad_norm=1.0, learning_rate=3e-4)
optimizer = optax.chain(optax.clip_by_global_norm(args.max_grad_norm), optax.adam(args.learning_rate))


def loss(p_params, o, adv, ret, lp_old, vf_coef, ent_coef, kl_coef):
    v = o @ p_params["v"]
    lp = -0.5 * (o @ p_params["pi"]) ** 2
    ratio = jnp.exp(lp - lp_old)
    pi_loss = -jnp.mean(ratio * adv)
    vf_loss = jnp.mean((v - ret) ** 2)
    kl_penalty = jnp.mean(lp_old - lp)
    total_loss = pi_loss + vf_loss * vf_coef - ent_coef * jnp.mean(lp) + kl_penalty * kl_coef
    return total_loss, {'total_loss': total_loss, 'vf_loss': vf_loss, 'pi_loss': pi_loss}


@partial(jax.jit, static_argnames=('vf_coef', 'kl_coef'))
def update_one_epoch(p_params, opt_params, b_idxes, o, adv, ret, lp_old, vf_coef: float, ent_coef: float, kl_coef: float):
    """Update using randomly sampled indices"""
    total_loss = ()
    for b_ind in b_idxes:  # expect: JAX407
        total_loss, grads = jax.value_and_grad(loss, has_aux=True)(
            p_params, o=o[:, b_ind], adv=adv[:, b_ind], ret=ret[:, b_ind], lp_old=lp_old[:, b_ind],
            vf_coef=vf_coef, ent_coef=ent_coef, kl_coef=kl_coef)
        updates, opt_params = optimizer.update(grads, opt_params, p_params)
        p_params = optax.apply_updates(p_params, updates)
    return p_params, opt_params, total_loss


def run():
    params = {"v": jnp.zeros((3,)), "pi": jnp.full((3,), 0.1)}
    opt_params = optimizer.init(params)
    o = jnp.asarray(np.random.rand(2, args.num_envs, 3), dtype=jnp.float32)
    adv = jnp.ones((2, args.num_envs))
    ret = jnp.ones((2, args.num_envs))
    lp_old = jnp.zeros((2, args.num_envs))
    b_inds = np.arange(args.num_envs)
    for epoch in range(args.update_epochs):
        np.random.shuffle(b_inds)
        mb_inds = np.split(b_inds, args.num_minibatches)
        params, opt_params, total_loss = update_one_epoch(params, opt_params, mb_inds, o, adv, ret, lp_old,
                                                          args.vf_coef, args.ent_coef, args.kl_coef)
    return total_loss
