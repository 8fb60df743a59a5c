"""In an initial-conditions-prediction project (cosmology, Equinox), `learn_batch` is jitted with
`static_argnums=[3, 5, 6]`: the non-array half of `eqx.partition(model, eqx.is_array)`, the optax
optimizer and the loss function are static. All three are hashable (an Equinox module whose
leaves are activation functions and None, a NamedTuple of functions, a module-level function) and
the same objects are passed on every step, while parameters and optimizer state are traced. The
training loop therefore compiles `learn_batch` once.

Source: https://github.com/andrinr/IC-prediction/blob/0ce6bbf528a3576a7568dac9cc9b2ebf33abbc54/src/nn/train.py
Observed on jax 0.10.x: learn_batch compiled 1 times
"""
import equinox as eqx
import jax

from loss import mse_loss
from train import train


def make_batches(key, n_batches=4, batch=16, dim=8):
    batches = []
    for _ in range(n_batches):
        key, k1, k2 = jax.random.split(key, 3)
        batches.append({"start": jax.random.normal(k1, (batch, dim)),
                        "end": jax.random.normal(k2, (batch, dim))})
    return batches


def run():
    key = jax.random.PRNGKey(0)
    model = eqx.nn.MLP(8, 8, width_size=32, depth=2, key=key)
    data = make_batches(jax.random.PRNGKey(1))
    train(model, data, learning_rate=1e-3, n_epochs=2, loss_function=mse_loss)
    return None
