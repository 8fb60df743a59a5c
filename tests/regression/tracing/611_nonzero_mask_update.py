"""Zero-padding positions are located with single-argument `jnp.where` inside jit.

Source: https://github.com/jax-ml/jax/issues/4418
`ax1, ax2 = jnp.where(~Dataset[:, 0].any(axis=2))` followed by an indexed
update of a mask; the size of the `where` output depends on the data, so
under jit it raises. The answer was to use the three-argument form.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


@jax.jit
def padding_mask(dataset):
    ax1, ax2 = jnp.where(~dataset[:, 0].any(axis=2))  # expect: JAX205,JAX204
    mask = jnp.ones(dataset.shape[:1] + dataset.shape[2:3])
    return mask.at[ax1, ax2].set(0)


def run():
    data = jnp.zeros((3, 2, 4, 5)).at[0, 0, 1].set(1.0)
    return padding_mask(data)
