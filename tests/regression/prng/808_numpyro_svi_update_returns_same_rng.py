"""numpyro (early SVI): `update_fn` seeds model and guide from `rng` and hands `rng` back.

Source: https://github.com/pyro-ppl/numpyro/pull/5 (numpyro, "Fix rng split").

In the first SVI implementation the jitted `svi_update(i, opt_state, rng, ...)`
seeded the model and the guide from the step's `rng` and returned that same
`rng` to the training loop, which fed it into the next step: "we also need to
update svi's key in each step". Every step therefore evaluated the ELBO with
the same guide samples. The fix splits `rng` into a new carried key and the
keys for model and guide. Effect handlers trimmed to a `seed` wrapper around a
normal-normal model and a mean-field guide.

Observed on jax 0.10.2: 2 of 3 calls
"""

import jax
import jax.numpy as jnp
from jax import random, value_and_grad


def seed(fn, rng):
    def seeded(*args, **kwargs):
        return fn(rng, *args, **kwargs)

    return seeded


def model(rng, data):
    # prior N(0, 1) on the mean; likelihood N(mu, 1)
    return lambda mu: -0.5 * mu**2 - 0.5 * jnp.sum((data - mu) ** 2)


def guide(rng, params):
    eps = random.normal(rng, ())
    return params["loc"] + jnp.exp(params["log_scale"]) * eps, eps


def elbo(params, model_init, guide_init, model_args, guide_args):
    z, eps = guide_init(params, *guide_args)
    log_joint = model_init(*model_args)(z)
    return -(log_joint + params["log_scale"]), eps


def svi(model, guide, loss, learning_rate):
    def init_fn(rng, model_args=(), guide_args=()):
        return {"loc": jnp.array(0.0), "log_scale": jnp.array(0.0)}

    @jax.jit
    def update_fn(i, params, rng, model_args=(), guide_args=()):
        model_init = seed(model, rng)
        guide_init = seed(guide, rng)
        (loss_val, eps), grads = value_and_grad(loss, has_aux=True)(
            params, model_init, guide_init, model_args, guide_args
        )
        params = jax.tree_util.tree_map(lambda p, g: p - learning_rate * g, params, grads)
        return loss_val, params, rng, eps  # missed: JAX505 (the key is consumed through closures built by a helper (`seed(guide, rng)`) and `value_and_grad`; keys are not yet values the interpreter follows)

    return init_fn, update_fn


def fit(data, num_steps=3):
    svi_init, svi_update = svi(model, guide, elbo, learning_rate=0.01)
    rng = random.PRNGKey(2)
    params = svi_init(rng)
    draws = []
    for i in range(num_steps):
        loss, params, rng, eps = svi_update(i, params, rng, (data,), ())
        draws.append(float(eps))
    return draws


def run():
    draws = fit(jnp.array([0.5, 1.5, 1.0]))
    # how many steps reused the guide noise of the first step
    return sum(int(d == draws[0]) for d in draws[1:])
