"""A PINN for a vacuum field on a torus: `make_step(tx)` returns a jitted `step` whose sample sizes
`Nin`/`Nbc` are static. Before the loop the user "warms up" the JIT with
`step(params, opt_state, kw, 64, 64, lam_bc)`, then trains with `step(..., Nin, Nbc, lam_bc)` for
the real sizes. The static sizes differ between the warm-up and the loop, so the warm-up compiles
a specialization that is never used and the first training step compiles `step` again.

Source: https://github.com/uwplasma/LX/blob/6cf978368285b309306d8650a4ea83826782b725/other_methods/nn_laplace.py#L173
Observed on jax 0.10.x: step compiled 2 times
"""
from functools import partial

import jax
import optax
from jax import jit, value_and_grad

from model import init_params, loss_fn


def make_step(tx):
    @partial(jit, static_argnames=("Nin", "Nbc"))
    def step(params, opt_state, key, Nin, Nbc, lam_bc):
        l, grads = value_and_grad(loss_fn)(params, key, Nin, Nbc, lam_bc)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, l
    return step


def train(rng=0, steps=3, lr=1e-3, Nin=32, Nbc=32, lam_bc=2e3):
    key = jax.random.PRNGKey(rng)
    params = init_params(key)
    tx = optax.adamax(lr)
    opt_state = tx.init(params)
    step = make_step(tx)

    # warmup JIT
    key, kw = jax.random.split(key)
    params, opt_state, _ = step(params, opt_state, kw, 8, 8, lam_bc)

    for t in range(1, steps + 1):
        key, k = jax.random.split(key)
        params, opt_state, l = step(params, opt_state, k, Nin, Nbc, lam_bc)  # expect: JAX403
    return params


def run():
    train()
    return None


if __name__ == "__main__":
    run()
