"""Dopamine's JAX NoisyNetwork layer takes its PRNG key as a module attribute (`rng_key`) and
splits that same key on every forward pass. The reporter built the network once and applied it
twice to the same state: the "noisy" outputs were identical, i.e. no new noise is ever drawn and
the layer degenerates into a fixed linear map.

Source: https://github.com/google/dopamine/issues/189
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax
import numpy as np

from networks import NoisyNetwork


def run():
    rng = jax.random.PRNGKey(1)
    rng, rng_net_def, rng_net_param = jax.random.split(rng, num=3)
    net_def = NoisyNetwork(rng_key=rng_net_def, eval_mode=False)
    net_params = net_def.init(rng_net_param, x=np.zeros(10), features=3)
    apply = jax.jit(net_def.apply, static_argnames="features")
    state = np.random.RandomState(0).random_sample(10)
    out1 = apply(net_params, x=state, features=3)
    out2 = apply(net_params, x=state, features=3)
    return int(np.array_equal(np.asarray(out1), np.asarray(out2)))
