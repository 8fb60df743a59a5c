import jax.numpy as jnp


def identity(x):
    return x


def mp(params, As, Fs, nonlin=identity):
    """Message passing on many graphs in one logical forward step."""
    outputs = []
    for a, f in zip(As, Fs):  # expect: JAX407
        output = jnp.dot(a, f)
        output = jnp.dot(params["w"], output) + params["b"]
        output = nonlin(output)
        outputs.append(output)
    return outputs
