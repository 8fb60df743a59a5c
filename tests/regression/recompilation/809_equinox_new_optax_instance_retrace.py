"""equinox: `filter_jit` step retraces for every new (identical) optax optimizer.

Source: https://github.com/patrick-kidger/equinox/issues/940
(equinox, "Avoid retracing on new optimizer instance").

The user's `step(model, opt_state, x, y, opt)` is an `eqx.filter_jit`
function that receives the optax transformation as an argument. Non-array
leaves are static under `filter_jit`, and an optax
`GradientTransformationExtraArgs` built by a fresh `optax.adam(1e-3)` "doesn't
produce the same hashable object for a new instance with identical
parameters" -- so every training run that builds its optimizer again retraces
(and recompiles) `step`, defeating the compile cache.

Observed on jax 0.10.2: step compiled 2 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jaxtyping import Array, Float


class Simple(eqx.Module):
    layer: eqx.nn.Linear

    def __init__(self, key):
        self.layer = eqx.nn.Linear(10, 1, key=key)

    def __call__(self, x: Float[Array, "10"]) -> Float[Array, "1"]:
        return self.layer(x)


def loss_fn(model, x, y):
    y_pred = jax.vmap(model)(x)
    return jnp.mean((y - y_pred) ** 2)


@eqx.filter_jit
def step(model, opt_state, x, y, opt):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    updates, opt_state = opt.update(grads, opt_state, model)
    model = eqx.apply_updates(model, updates)
    return model, opt_state, loss


def train(key, x, y, num_steps=3):
    model = Simple(key)
    opt = optax.adam(1e-3)
    opt_state = opt.init(eqx.filter(model, eqx.is_array))
    for _ in range(num_steps):
        model, opt_state, loss = step(model, opt_state, x, y, opt)  # expect: JAX405
    return loss


def run():
    key = jax.random.PRNGKey(0)
    x, y = jnp.ones((4, 10)), jnp.zeros((4, 1))
    losses = [train(k, x, y) for k in jax.random.split(key, 2)]
    return losses
