"""Deep Learning with JAX (Manning), section 5.1: the MNIST training step is jitted with
the epoch number as an ordinary (traced) argument, and the decayed learning rate is
computed from it inside the step. The epoch changes every epoch, but as a traced Python
int it always has the same abstract type, so update is compiled once. Clean look-alike
of a per-epoch value passed to a jitted step.

Source: https://livebook.manning.com/learn/concepts/just-in-time-compilation--technique/deep-learning-with-jax
Observed on jax 0.10.x: update compiled 1 times
"""
import jax.numpy as jnp
from jax import jit, random, value_and_grad

INIT_LR = 1.0
DECAY_RATE = 0.95
DECAY_STEPS = 5


def predict(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def loss(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@jit
def update(params, x, y, epoch_number):
    loss_value, grads = value_and_grad(loss)(params, x, y)
    lr = INIT_LR * DECAY_RATE ** (epoch_number / DECAY_STEPS)
    return [(w - lr * dw, b - lr * db)
            for (w, b), (dw, db) in zip(params, grads)], loss_value


def run():
    k1, k2, k3 = random.split(random.key(0), 3)
    params = [(0.1 * random.normal(k1, (4, 8)), jnp.zeros(8)),
              (0.1 * random.normal(k2, (8, 1)), jnp.zeros(1))]
    x = random.normal(k3, (16, 4))
    y = jnp.sum(x, axis=1, keepdims=True)
    for epoch in range(3):
        params, loss_value = update(params, x, y, epoch)
    return 0
