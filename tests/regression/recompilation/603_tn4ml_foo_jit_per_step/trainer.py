import jax

from model import mps_energy


class Trainer:
    def __init__(self, tensors, lr=0.05):
        self.tensors = tensors
        self.lr = lr

    def train_step(self, batch):
        def foo(tensors):
            return mps_energy(tensors, batch)

        value, grads = jax.jit(jax.value_and_grad(foo))(self.tensors)  # expect: JAX401,JAX402,JAX407
        self.tensors = [t - self.lr * g for t, g in zip(self.tensors, grads)]
        return value

    def fit(self, batches):
        return [self.train_step(b) for b in batches]
