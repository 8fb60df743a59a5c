"""The jitted update returns the new params; the driver stores them (the fix).

Source: https://github.com/jax-ml/jax/issues/15136
Look-alike of the reporter's trainer following the answer in the thread (and
the JAX FAQ on jit with methods): the update is a pure function of the params
and the batch that returns the new params, and `fit` assigns `self.param`
outside the traced code.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax import grad, jit


def forward(param, x):
    for w, b in param[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = param[-1]
    return x @ w + b


def mlp_loss(param, data, labels):
    return jnp.mean((forward(param, data) - labels) ** 2)


class MLP:
    def __init__(self, key, sizes=(4, 8, 1), lr=0.1):
        keys = jax.random.split(key, len(sizes) - 1)
        self.param = [
            (jax.random.normal(k, (a, b)) * 0.3, jnp.zeros(b))
            for k, a, b in zip(keys, sizes[:-1], sizes[1:])
        ]
        self.lr = lr


@jax.jit
def sgd_step(param, data, labels, lr):
    grads = grad(mlp_loss)(param, data, labels)
    return [(w - lr * dw, b - lr * db) for (w, b), (dw, db) in zip(param, grads)]


class Trainer:
    def __init__(self, nn, data, labels):
        self.nn = nn
        self.data = data
        self.labels = labels
        self.param = nn.param

    def fit(self, steps):
        for _ in range(steps):
            self.param = sgd_step(self.param, self.data, self.labels, self.nn.lr)

    def evaluate(self):
        return mlp_loss(self.param, self.data, self.labels)


def run():
    key = jax.random.PRNGKey(0)
    kd, kn = jax.random.split(key)
    data = jax.random.normal(kd, (32, 4))
    labels = jnp.sum(data, axis=1, keepdims=True)
    trainer = Trainer(MLP(kn), data, labels)
    trainer.fit(3)
    return trainer.evaluate()
