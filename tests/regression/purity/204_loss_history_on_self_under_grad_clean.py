"""Loss returned with value_and_grad and recorded outside jit (the fix).

Source: https://github.com/jax-ml/jax/issues/2332
The maintainer's answer: side effects are not allowed in transformed
functions; return the loss (e.g. with `value_and_grad`) and record it in the
caller. Same regressor as the hazard case; every step records a concrete
float.

Observed on jax 0.10.2: 3 of 3 calls
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
        return jnp.sum(jnp.square(preds - y))

    def update(self, coefficients, x, y):
        l, grads = jax.value_and_grad(self.loss)(coefficients, x, y)
        return coefficients - self.lr * grads, l

    def fit(self, x, y, steps):
        coeffs = jnp.zeros(self.n_coeffs)
        for _ in range(steps):
            coeffs, l = self.update_jit(coeffs, x, y)
            self.loss_list.append(float(l))
        return coeffs


def run():
    x = jnp.linspace(0.0, 3.0, 32)
    model = FourierRegressor(4)
    model.fit(x, jnp.sin(2 * x), steps=3)
    return sum(isinstance(v, float) for v in model.loss_list)
