"""Loss history appended to `self.loss_list` inside a loss differentiated by grad.

Source: https://github.com/jax-ml/jax/issues/2332
"Recover value from Traced<ConcreteArray(-)>with<JVPTrace>": to keep the loss
of every iteration, the user's `loss` method did `self.loss_list += [l]` and
the update called `grad(self.loss)`; the list filled with tracers instead of
numbers. With the update jitted, the append runs only when tracing, so three
optimisation steps record one (traced) entry.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp


class FourierRegressor:
    def __init__(self, n_coeffs, lr=0.05):
        self.n_coeffs = n_coeffs
        self.lr = lr
        self.loss_list = []
        self.update_jit = jax.jit(self.update)

    def features(self, x):
        k = jnp.arange(1, self.n_coeffs + 1)
        return jnp.sin(x[:, None] * k[None, :])

    def loss(self, coefficients, x, y):
        preds = self.features(x) @ coefficients
        l = jnp.sum(jnp.square(preds - y))
        self.loss_list += [l]  # expect: JAX104,JAX105
        return l

    def update(self, coefficients, x, y):
        grads = jax.grad(self.loss)(coefficients, x, y)
        return coefficients - self.lr * grads

    def fit(self, x, y, steps):
        coeffs = jnp.zeros(self.n_coeffs)
        for _ in range(steps):
            coeffs = self.update_jit(coeffs, x, y)
        return coeffs


def run():
    x = jnp.linspace(0.0, 3.0, 32)
    model = FourierRegressor(4)
    model.fit(x, jnp.sin(2 * x), steps=3)
    return len(model.loss_list)
