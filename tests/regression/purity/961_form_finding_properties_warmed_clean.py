"""A form-finding optimiser's parameter manager: lazily initialised properties
(`if self._x is None: self._x = ...`), all read once by the constructor through
`init()`, then read from the jitted loss. Under jit every guard is False: no
property assigns anything while traced, and the manager is not changed.

Source: https://github.com/arpastrana/jax_fdm (src/jax_fdm/parameters/manager.py:
"Initialiaze the properties of this object so that every property becomes static
after this call"; the optimiser builds the manager before jitting its loss; here a module builds it)

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
import numpy as np


class ParameterManager:
    """Orders and splits optimisation parameters; every property is computed once."""

    def __init__(self, values, optimizable):
        self.values = values
        self.optimizable = optimizable
        self._model = None
        self._indices_opt = None
        self._frozen = None
        self._start = None
        self.init()

    def init(self):
        """Read every property once, so that they are all static afterwards."""
        self.indices_opt
        self.model
        self.frozen
        self.start

    @property
    def start(self):
        if not self._start:
            self._start = int(len(self.values)) * 3
        return self._start

    @property
    def indices_opt(self):
        if self._indices_opt is None:
            self._indices_opt = np.array(sorted(self.optimizable), dtype=np.int64)
        return self._indices_opt

    @property
    def model(self):
        if self._model is None:
            self._model = jnp.concatenate([jnp.atleast_1d(jnp.asarray(v)) for v in self.values])
        return self._model

    @property
    def frozen(self):
        if self._frozen is None:
            mask = np.zeros_like(self.model, dtype=bool)
            mask[self.indices_opt] = True
            self._frozen = self.model[~mask]
        return self._frozen

    def parameters(self, params_opt):
        full = jnp.zeros(self.model.shape[0]) + self.start
        full = full.at[self.indices_opt].set(params_opt)
        mask = np.ones(self.model.shape[0], dtype=bool)
        mask[self.indices_opt] = False
        return full.at[np.flatnonzero(mask)].set(self.frozen)


manager = ParameterManager([1.0, 2.0, 3.0, 4.0], [0, 2])  # every property filled here
loss = jax.jit(lambda params_opt: jnp.sum(manager.parameters(params_opt) ** 2))


def run():
    x = jnp.ones(2)
    for _ in range(3):
        x = x - 0.1 * jax.grad(loss)(x)
    assert not isinstance(manager._frozen, jax.core.Tracer)
    float(jnp.sum(manager.frozen))  # the host reads the cache: no leaked tracer
    return x
