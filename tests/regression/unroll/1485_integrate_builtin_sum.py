"""jax #1776 "time to jit a function grows superlinear with memory accessed by function":
numerically integrating the product of two Gaussian pdfs, the user summed the integrand
with Python's built-in `sum(...)` inside the jitted function. `sum` iterates over the
traced array element by element, so tracing emits one slice and one add per grid point;
compile time went from 0.1 s (100 points) to 134 s (6400 points).

Source: https://github.com/jax-ml/jax/issues/1776
Observed on jax 0.10.x: runs
"""
import jax.numpy as np
from jax import jit
from jax.scipy.stats.norm import pdf

integr_resolution = 400
lower_bound = -100
upper_bound = 100
integr_grid = np.linspace(lower_bound, upper_bound, integr_resolution)
proba = pdf(integr_grid)
integration_weight = (upper_bound - lower_bound) / integr_resolution


def integrate(mu_new):
    x_new = integr_grid - mu_new
    proba_new = pdf(x_new)
    total_proba = sum(proba * proba_new * integration_weight)  # expect: JAX407
    return total_proba


def run():
    f = jit(integrate)
    f(1.0)
    return None


if __name__ == "__main__":
    run()
