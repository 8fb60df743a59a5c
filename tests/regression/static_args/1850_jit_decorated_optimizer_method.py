"""A user wrote a small hand-rolled MLP (class ``nn`` holding a list of (w, b)
parameters and a ``loss``) and an optimizer class ``opt`` whose update method is
decorated with a bare ``@jit``. Calling ``o.opt(...)`` fails straight away:
``jit`` traces every positional argument, including ``self``, and an ``opt``
instance is not an array type ("Cannot interpret value of type <class
'__main__.opt'> as an abstract array"). The maintainers pointed to
``partial(jit, static_argnums=(0,))`` (and to not mutating ``self``).

Source: https://github.com/jax-ml/jax/issues/15115
Observed on jax 0.10.x: raises TypeError
"""
import jax.numpy as jnp
from jax import grad, jit, random


class nn:
    def __init__(self, sizes, lr=0.1, key=random.PRNGKey(0)):
        keys = random.split(key, len(sizes) - 1)
        self.param = [(random.normal(k, (m, n)) * 0.1, jnp.zeros(n))
                      for k, m, n in zip(keys, sizes[:-1], sizes[1:])]
        self.lr = lr

    def forward(self, param, data):
        for w, b in param[:-1]:
            data = jnp.tanh(data @ w + b)
        w, b = param[-1]
        return data @ w + b

    def loss(self, param, data, labels):
        return jnp.mean((self.forward(param, data) - labels) ** 2)


class opt:
    def __init__(self, nn, data, labels):
        self.nn = nn
        self.data = data
        self.labels = labels

    @jit  # expect: JAX306
    def opt(self, param):
        grads = grad(self.nn.loss)(param, self.data, self.labels)
        return [(w - self.nn.lr * dw, b - self.nn.lr * db) for (w, b), (dw, db) in zip(param, grads)]


def run():
    net = nn([4, 8, 1])
    data = random.normal(random.PRNGKey(1), (32, 4))
    labels = jnp.sum(data, axis=1, keepdims=True)
    o = opt(net, data, labels)
    for _ in range(3):
        net.param = o.opt(net.param)
