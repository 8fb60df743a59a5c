"""Windowed features slice a signal with traced start/end offsets.

Source: https://github.com/jax-ml/jax/issues/4309
`storeStack.append(x[resMap[j, i + 1], st + dt:en + dt])` inside
`getFeature`: the window bounds `st`, `en` are function arguments, so
under jit the slice bounds are tracers. Rebuilt as a trimmed feature
extractor.

Observed on jax 0.10.2: raises IndexError
"""
import jax
import jax.numpy as jnp


def get_feature(x, res_map, st, en, dn):
    hts = [-dn, 0, dn]
    store_stack = []
    for j in range(res_map.shape[0]):
        for dt in hts:
            store_stack.append(x[res_map[j, 1], st + dt:en + dt])  # expect: JAX205
    return jnp.stack(store_stack)


def run():
    x = jnp.arange(40.0).reshape(4, 10)
    res_map = jnp.array([[0, 1], [1, 2]])
    return jax.jit(get_feature, static_argnums=4)(x, res_map, 3, 6, 1)
