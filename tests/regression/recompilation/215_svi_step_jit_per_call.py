"""SVI step that jits its loss/grad function inside step() on every call.

Source: https://github.com/pyro-ppl/numpyro/issues/2
"Enable jit compilation in minipyro": "currently the `jitted` function within
`step` is being compiled each time `step` is called". Here `step` closes over the
model/guide and calls `jax.jit(...)` on a fresh closure each time.

Observed on jax 0.10.2: loss_and_grad compiled 4 times
"""
import jax
import jax.numpy as jnp


def elbo(params, data):
    loc, log_scale = params["loc"], params["log_scale"]
    return jnp.mean((data - loc) ** 2 / jnp.exp(2 * log_scale)) + 2 * log_scale


class SVI:
    def __init__(self, loss_fn, lr=0.05):
        self.loss_fn = loss_fn
        self.lr = lr

    def step(self, params, data):
        def loss_and_grad(params, data):
            return jax.value_and_grad(self.loss_fn)(params, data)

        loss, grads = jax.jit(loss_and_grad)(params, data)  # expect: JAX402
        params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, params, grads)
        return params, loss


def run():
    svi = SVI(elbo)
    params = {"loc": jnp.array(0.0), "log_scale": jnp.array(0.0)}
    data = jnp.linspace(-1.0, 3.0, 20)
    loss = None
    for _ in range(4):
        params, loss = svi.step(params, data)
    return loss
