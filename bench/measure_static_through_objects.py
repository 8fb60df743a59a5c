"""What jit does with static and traced arguments that reach it through objects and helpers
(issue 21, static_args band). Run with the jax the linter models (0.10.2):

    JAX_PLATFORMS=cpu python bench/measure_static_through_objects.py

Recorded on jax 0.10.2, optax 0.2.8, Python 3.11 (one line per experiment):

    custom_hash_over_array_self_static: ValueError
    custom_hash_over_scalar_self_static: runs
    method_forwards_list_to_static: ValueError
    optax_adam_at_traced_position: TypeError
    optax_chain_at_traced_position: TypeError
    optax_adam_at_static_position: runs
    partial_of_jitted_under_vmap_fills_static_slot: ValueError
    partial_of_jitted_called_directly_static_slot_gets_bound: runs
    make_jaxpr_static_argnums_out_of_range: ValueError
    make_jaxpr_static_int_in_if: runs
    make_jaxpr_static_number_passed_by_keyword_in_if: runs
    make_jaxpr_static_list: ValueError
    kwargs_wrapper_forwards_list_to_static: ValueError
    jit_of_bound_method_static_list: ValueError
    not_on_traced_flag: TracerBoolConversionError
    if_on_logical_not_of_traced_flag: TracerBoolConversionError
"""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp
import optax


def _outcome(thunk) -> str:
    try:
        thunk()
    except Exception as error:  # noqa: BLE001 - the kind of error is the measurement
        return type(error).__name__
    return "runs"


class HashedOver:
    def __init__(self, x, mul):
        self.x = x
        self.mul = mul

    @partial(jax.jit, static_argnums=0)
    def calc(self, y):
        return self.x * y if self.mul else y

    def __hash__(self):
        return hash((self.x, self.mul))

    def __eq__(self, other):
        return isinstance(other, HashedOver) and (self.x, self.mul) == (other.x, other.mul)


@partial(jax.jit, static_argnames="shape")
def _sample(key, shape):
    return jax.random.normal(key, shape)


class Noise:
    def sample(self, size):
        return _sample(jax.random.PRNGKey(0), size)


@jax.jit
def _step(params, opt):
    return params


@partial(jax.jit, static_argnums=1)
def _static_step(params, opt):
    return params


@partial(jax.jit, static_argnums=(1, 2))
def _map_row(z, alpha, t):
    return jnp.exp(-alpha * z / t)


class _Trainer:
    def __init__(self, layers):
        self.layers = layers
        self._f = jax.jit(self._apply, static_argnums=1)

    def _apply(self, x, layers):
        return x

    def train(self, x):
        return self._f(x, self.layers)


def _forwarding(key, **kw):
    return _sample(key, **kw)


def _one(x):
    return x


def _branch(x, n, m=1):
    if n > 0 and m > 0:
        return x
    return -x


EXPERIMENTS = {
    "custom_hash_over_array_self_static": lambda: HashedOver(jnp.arange(3.0), True).calc(jnp.ones(3)),
    "custom_hash_over_scalar_self_static": lambda: HashedOver(2.0, True).calc(jnp.ones(3)),
    "method_forwards_list_to_static": lambda: Noise().sample([2, 3]),
    "optax_adam_at_traced_position": lambda: _step(jnp.ones(2), optax.adam(0.1)),
    "optax_chain_at_traced_position": lambda: _step(jnp.ones(2), optax.chain(optax.clip(1.0), optax.sgd(0.1))),
    "optax_adam_at_static_position": lambda: _static_step(jnp.ones(2), optax.adam(0.1)),
    "partial_of_jitted_under_vmap_fills_static_slot": lambda: jax.vmap(partial(_map_row, 0.5, 2.0))(jnp.ones((4, 3))),
    "partial_of_jitted_called_directly_static_slot_gets_bound": lambda: partial(_map_row, jnp.ones(3))(0.5, 2.0),
    "make_jaxpr_static_argnums_out_of_range": lambda: jax.make_jaxpr(_one, static_argnums=(1,))(1.0),
    "make_jaxpr_static_int_in_if": lambda: jax.make_jaxpr(_branch, static_argnums=1)(1.0, 2),
    "make_jaxpr_static_number_passed_by_keyword_in_if": lambda: jax.make_jaxpr(_branch, static_argnums=(1, 2))(1.0, 2, m=3),
    "make_jaxpr_static_list": lambda: jax.make_jaxpr(_branch, static_argnums=1)(1.0, [2]),
    "kwargs_wrapper_forwards_list_to_static": lambda: _forwarding(jax.random.PRNGKey(0), shape=[2, 3]),
    "jit_of_bound_method_static_list": lambda: _Trainer([3, 4]).train(jnp.ones(2)),
    "not_on_traced_flag": lambda: jax.jit(lambda training: not training)(True),
    "if_on_logical_not_of_traced_flag": lambda: jax.jit(lambda training: 1 if jnp.logical_not(training) else 0)(True),
}


if __name__ == "__main__":
    for name, experiment in EXPERIMENTS.items():
        print(f"{name}: {_outcome(experiment)}")
