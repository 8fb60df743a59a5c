"""A newcomer fits y = w*x + b with jax.grad but writes the mean-squared-error loss with NumPy's
np.mean/np.power on the params dict, exactly as in their NumPy prototype. jax.grad traces the
loss, and np.power receives a JVP tracer, so the gradient call fails with
TracerArrayConversionError (fix from the answer: use jax.numpy inside the loss).

Source: https://openillumi.com/fix-jax-grad-np-power-error
Observed on jax 0.10.x: raises TracerArrayConversionError
"""
import numpy as np
from jax import grad

x = np.linspace(0, 1, 100)
y = 2 * x + 3 + np.random.default_rng(0).standard_normal(100)


def f(params, x, y):
    return np.mean(np.power((params['w'] * x + params['b']) - y, 2))  # expect: JAX203


def run():
    params = {'w': 2.4, 'b': 10.}
    df = grad(f)
    for _ in range(3):
        g = df(params, x, y)
        params = {k: params[k] - 0.1 * g[k] for k in params}
    return 0
