"""A user wants to train several SAC agents (sbx, the JAX port of stable-baselines3) in parallel
by mapping a whole training function with pmap over a dummy index. Inside, sbx's
`SACPolicy.predict` converts the JAX actions with `np.array(actions).reshape(...)`; under pmap the
actions are tracers, and the NumPy conversion raises TracerArrayConversionError.

Source: https://openillumi.com/en/en-fix-jax-pmap-conversion-error
Observed on jax 0.10.x: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp
from jax import pmap

from policies import SACPolicy


def my_func(seed):
    key = jax.random.fold_in(jax.random.PRNGKey(0), seed)
    model = SACPolicy(key)
    obs = jax.random.normal(key, (8, 4))
    actions = model.predict(obs)
    return jnp.mean(actions)


def run():
    n = jax.local_device_count()
    out = pmap(lambda i: my_func(i))(jnp.arange(n))
    return 0
