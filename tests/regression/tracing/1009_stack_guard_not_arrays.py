"""An emptiness guard `if not arrays` applied to a traced array.

Source: https://github.com/jax-ml/jax/issues/1271
What happened: np.stack raised inside jit because its `if not arrays:` check
assumed a list and called bool() on the traced array; the fix was to test
`len(arrays) == 0` instead.
Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def stack_features(arrays):
    if not arrays:  # expect: JAX201
        raise ValueError("need at least one array to stack")
    return jnp.stack(arrays)


@jax.jit
def featurize(x):
    return stack_features(x) * 2.0


def run():
    return featurize(jnp.zeros(2))
