"""PPO-KL on brax (haiku/optax): `update_one_epoch` is jitted with
static_argnames=('vf_coef', 'kl_coef'). Both coefficients come straight from argparse
(args.vf_coef=0.5, args.kl_coef=3.0) and never change during training, so they are hashable
constants and the step compiles once; the entropy coefficient, which does change per update, comes
from an optax linear_schedule and is passed as a traced argument. The GAE function is also wrapped
once, `jax.jit(jax.vmap(partial(compute_gae, lambda_=...)))`, before the update loop.

Source: https://github.com/DavidSlayback/jax-toolkit/blob/674488f241aed91be50d6c359f816192725203e3/examples/ppo_kl_brax.py#L357
Observed on jax 0.10.x: update_one_epoch compiled 1 times; compute_gae compiled 1 times
"""
import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax


def compute_gae(v_tm1, r_t, discount_t, v_t, lambda_):
    delta = r_t + discount_t * v_t - v_tm1
    return delta, delta + v_tm1


def loss(p_params, o, adv, ret, vf_coef, ent_coef, kl_coef):
    v = o @ p_params["v"]
    pi = o @ p_params["pi"]
    pi_loss = -jnp.mean(pi * adv)
    vf_loss = jnp.mean((v - ret) ** 2)
    ent_loss = -jnp.mean(jnp.abs(pi))
    kl_penalty = jnp.mean(pi ** 2)
    return pi_loss + vf_loss * vf_coef + ent_loss * ent_coef + kl_penalty * kl_coef


def run():
    args = argparse.Namespace(vf_coef=0.5, kl_coef=3.0, ent_coef=1e-3, gae_lambda=0.95,
                              num_envs=8, num_minibatches=2, num_updates=3, num_steps=4)
    optimizer = optax.adam(3e-4)
    params = {"v": jnp.zeros((3,)), "pi": jnp.zeros((3,))}
    opt_params = optimizer.init(params)
    entropy_schedule = optax.linear_schedule(args.ent_coef, 0.1 * args.ent_coef, args.num_updates)

    @partial(jax.jit, static_argnames=('vf_coef', 'kl_coef'))
    def update_one_epoch(p_params, opt_params, o, adv, ret, vf_coef: float, ent_coef: float, kl_coef: float):
        total_loss, grads = jax.value_and_grad(loss)(p_params, o, adv, ret, vf_coef, ent_coef, kl_coef)
        updates, opt_params = optimizer.update(grads, opt_params, p_params)
        return optax.apply_updates(p_params, updates), opt_params, total_loss

    gae = jax.jit(jax.vmap(partial(compute_gae, lambda_=args.gae_lambda)))

    for update in range(1, args.num_updates + 1):
        o = jnp.asarray(np.random.rand(args.num_envs, args.num_steps, 3), dtype=jnp.float32)
        v = o @ params["v"]
        r = jnp.ones((args.num_envs, args.num_steps))
        advantages, returns = gae(v, r, 0.99 * jnp.ones_like(r), v)
        b_inds = np.arange(args.num_envs)
        np.random.shuffle(b_inds)
        for mb_inds in np.split(b_inds, args.num_minibatches):
            params, opt_params, total_loss = update_one_epoch(
                params, opt_params, o[mb_inds], advantages[mb_inds], returns[mb_inds],
                args.vf_coef, entropy_schedule(update), args.kl_coef)
    return total_loss
