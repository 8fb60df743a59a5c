"""A jitted `opt` method with `self` static assigns the updated params to `self`.

Source: https://github.com/jax-ml/jax/issues/15136
The reporter's trainer class jitted its update method with `self` marked
static, `@functools.partial(jit, static_argnums=(0,)) def opt(self):`, computed
`grads = grad(self.nn.loss)(self.nn.param, self.data, self.labels)` and then
stored the result with `self.param = [(w - lr*dw, b - lr*db) ...]`.  jakevdp:
"you are JIT-compiling an impure function ... don't modify `self` within this
jit-compiled function".  The attribute receives tracers from the one trace;
later calls hit the cache and never assign again, and reading `self.param`
afterwards touches leaked tracers.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import functools

import jax
import jax.numpy as jnp
from jax import grad, jit


class MLP:
    def __init__(self, key, sizes=(4, 8, 1), lr=0.1):
        keys = jax.random.split(key, len(sizes) - 1)
        self.param = [
            (jax.random.normal(k, (a, b)) * 0.3, jnp.zeros(b))
            for k, a, b in zip(keys, sizes[:-1], sizes[1:])
        ]
        self.lr = lr

    def forward(self, param, x):
        for w, b in param[:-1]:
            x = jnp.tanh(x @ w + b)
        w, b = param[-1]
        return x @ w + b

    def loss(self, param, data, labels):
        return jnp.mean((self.forward(param, data) - labels) ** 2)


class Trainer:
    def __init__(self, nn, data, labels):
        self.nn = nn
        self.data = data
        self.labels = labels
        self.param = nn.param

    @functools.partial(jit, static_argnums=(0,))
    def opt(self):
        grads = grad(self.nn.loss)(self.nn.param, self.data, self.labels)
        self.param = [  # expect: JAX105
            (w - self.nn.lr * dw, b - self.nn.lr * db)
            for (w, b), (dw, db) in zip(self.nn.param, grads)
        ]
        return

    def evaluate(self):
        return self.nn.loss(self.param, self.data, self.labels)


def run():
    key = jax.random.PRNGKey(0)
    kd, kn = jax.random.split(key)
    data = jax.random.normal(kd, (32, 4))
    labels = jnp.sum(data, axis=1, keepdims=True)
    trainer = Trainer(MLP(kn), data, labels)
    for _ in range(3):
        trainer.opt()
    return trainer.evaluate()
