"""PriorCVAE's squared-MMD loss: jitted with the kernel object and the two estimator flags as
static arguments. Its Python ``assert``s only compare ``.shape`` tuples, the sample counts come
from static shapes, and ``if not efficient_grads`` / ``if biased`` branch on hashable static
bools, so every piece of Python control flow sees concrete values while the samples stay traced.

Source: https://github.com/elizavetasemenova/PriorCVAE_JAX/blob/2db074ea6e297d521d90fb70952318a75994e14d/priorCVAE/losses/loss_units.py#L85
Observed on jax 0.10.x: square_maximum_mean_discrepancy compiled 2 times
"""
from functools import partial

import jax
import jax.numpy as jnp


class SquaredExponential:
    def __init__(self, lengthscale=1.0):
        self.lengthscale = lengthscale

    def __call__(self, x1, x2):
        d2 = jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1)
        return jnp.exp(-0.5 * d2 / self.lengthscale**2)


@partial(jax.jit, static_argnames=["kernel", "efficient_grads", "biased"])
def square_maximum_mean_discrepancy(kernel, target_samples, prediction_samples,
                                    efficient_grads=False, biased=False):
    assert len(target_samples.shape) == len(prediction_samples.shape) == 2
    assert target_samples.shape[-1] == prediction_samples.shape[-1]

    x_n = target_samples.shape[0]
    y_n = prediction_samples.shape[0]

    term_xx = 0
    if not efficient_grads:
        K_xx = kernel(target_samples, target_samples)
        if biased:
            term_xx = (1 / (x_n * x_n)) * jnp.sum(K_xx)
        else:
            term_xx = 1 / (x_n * (x_n - 1)) * (jnp.sum(K_xx) - jnp.trace(K_xx))

    K_yy = kernel(prediction_samples, prediction_samples)
    K_xy = kernel(target_samples, prediction_samples)

    if biased:
        term_yy = (1 / (y_n * y_n)) * jnp.sum(K_yy)
    else:
        term_yy = 1 / (y_n * (y_n - 1)) * (jnp.sum(K_yy) - jnp.trace(K_yy))

    term_xy = (2 / (x_n * y_n)) * jnp.sum(K_xy)
    return term_xx + term_yy - term_xy


def run():
    kernel = SquaredExponential(lengthscale=0.5)
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    y = jax.random.normal(k1, (16, 3))
    y_hat = jax.random.normal(k2, (16, 3))
    for _ in range(2):
        loss = square_maximum_mean_discrepancy(kernel, y, y_hat, efficient_grads=True)
    square_maximum_mean_discrepancy(kernel, y, y_hat, biased=True)
    return float(loss)


if __name__ == "__main__":
    run()
