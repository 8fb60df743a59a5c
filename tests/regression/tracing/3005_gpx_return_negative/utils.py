import jax.numpy as jnp
from jax.tree_util import tree_map


def split_params(params):
    kernel_params = params["kernel_params"]
    sigma = params["sigma"]
    return kernel_params, sigma


def constrain_parameters(params):
    return tree_map(lambda p: jnp.exp(p), params)


def unconstrain_parameters(params):
    return tree_map(lambda p: jnp.log(p), params)
