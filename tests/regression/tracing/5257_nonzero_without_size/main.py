"""The jax.numpy.nonzero reference warns that the output size of nonzero depends on the
data, so it cannot be used under jit unless `size=` is given. Here the thresholding
helper lives in utils.py and calls jnp.nonzero without size; the training script jits a
function that sums the selected entries, and tracing fails as soon as the helper runs.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.numpy.nonzero.html
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from utils import active_indices


@jax.jit
def selected_sum(x):
    idx = active_indices(x)
    return x[idx].sum()


def run():
    return selected_sum(jnp.arange(4))
