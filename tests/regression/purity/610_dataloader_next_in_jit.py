"""The training step pulls its batch with `next(train_iter)` inside jit.

Source: https://github.com/BirkhoffG/jax-dataloader/issues/2
The report jits `foo(train_loader)` which does `train_iter = iter(train_loader);
Xtr, Ytr = next(train_iter)` inside the jitted function. The maintainer's
answer is that the loader is not jittable. Rebuilt with the loader captured
by closure instead of passed as an argument (so jit accepts it): the
iterator is advanced once, at trace time, and every compiled call trains
on that same first batch.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


class DataLoader:
    def __init__(self, X, Y, batch_size):
        self.X, self.Y, self.batch_size = X, Y, batch_size

    def __iter__(self):
        for i in range(0, len(self.X), self.batch_size):
            yield self.X[i:i + self.batch_size], self.Y[i:i + self.batch_size]


X = np.arange(24, dtype=np.float32).reshape(12, 2)
Y = np.arange(12, dtype=np.float32)
train_iter = iter(DataLoader(X, Y, batch_size=4))


@jax.jit
def train_step(w):
    Xtr, Ytr = next(train_iter)  # expect: JAX107
    grad = jax.grad(lambda w: jnp.mean((Xtr @ w - Ytr) ** 2))(w)
    return w - 0.01 * grad, Xtr.sum()


def run():
    w = jnp.zeros(2)
    seen = set()
    for _ in range(3):
        w, batch_sum = train_step(w)
        seen.add(float(batch_sum))
    return len(seen)
