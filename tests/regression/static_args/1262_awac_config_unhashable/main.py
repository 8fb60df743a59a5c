"""A dataclass hyper-parameter config passed at a static position of a jitted
trainer method; the config defines __eq__ but no __hash__.

Source: https://github.com/nissymori/JAX-CORL/pull/59
"[Improve] Make config hashable": the PR moved ``beta``/``tau``/``discount``
out of the ``AWACTrainer`` NamedTuple and passed the whole ``AWACConfig`` to
``update_n_times`` with ``@partial(jax.jit, static_argnums=(3,))``.  The
config class (a pydantic ``BaseModel``, which defines equality) is not
hashable until the PR adds ``def __hash__(self): return hash(self.__repr__())``
"to be specified as static_argnums in jax.jit".  Here the config is a plain
``@dataclass`` (eq=True sets ``__hash__ = None``), without the PR's hash.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp

from config import AWACConfig
from trainer import AWACTrainer, Transition


def train(steps=2):
    config = AWACConfig()
    key = jax.random.PRNGKey(0)
    dataset = Transition(jnp.ones((64, 3)), jnp.zeros((64,)))
    agent = AWACTrainer(jnp.zeros((3,)), jnp.zeros((3,)))
    for _ in range(steps):
        key, sub = jax.random.split(key)
        agent = agent.update_n_times(dataset, sub, config)  # expect: JAX302
    return agent


def run():
    return train()
