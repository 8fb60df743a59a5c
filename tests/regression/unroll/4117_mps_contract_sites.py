"""A user reproducing MNIST classification with a matrix-product-state (MPS) ansatz
jits `contract(params, inputs)` and vmaps it over the batch.  The contraction connects
the parameter MPS and the input MPS site by site with list comprehensions and a loop
over `sites = len(input_mps)`; with one site per pixel (hundreds of sites) everything is
unrolled into one enormous graph, and the user reports very slow compilation under jit.
Rebuilt with plain jnp tensor contractions in place of tensornetwork Nodes.

Source: https://github.com/google/TensorNetwork/issues/839
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
from jax import jit, vmap


@jit
def contract(params, inputs):
    """Contracts the input and parameter MPS."""
    first, middle, last = params
    sites = len(inputs)
    # local tensors after contracting each physical leg with its input vector
    mats = [jnp.einsum("p,lpr->lr", inputs[k], middle[k - 1]) for k in range(1, sites - 1)]  # expect: JAX407
    vec = jnp.einsum("p,pr->r", inputs[0], first)
    for m in mats:
        vec = vec @ m
    return vec @ jnp.einsum("p,lpo->lo", inputs[sites - 1], last)


@jit
def predict(params, inputs):
    """Computes mean of tensor network contraction over batch of input."""
    result = vmap(contract, in_axes=(None, 0))(params, inputs)
    return jnp.mean(result)


def run():
    sites, bond, phys, n_out = 40, 4, 2, 10
    key = jax.random.PRNGKey(0)
    k1, k2, k3, k4 = jax.random.split(key, 4)
    first = jax.random.normal(k1, (phys, bond)) * 0.5
    middle = jax.random.normal(k2, (sites - 2, bond, phys, bond)) * 0.5
    last = jax.random.normal(k3, (bond, phys, n_out)) * 0.5
    pixels = jax.random.uniform(k4, (8, sites))
    inputs = jnp.stack([jnp.cos(jnp.pi * pixels / 2), jnp.sin(jnp.pi * pixels / 2)], axis=-1)
    out = predict((first, middle, last), inputs)
    jax.block_until_ready(out)
