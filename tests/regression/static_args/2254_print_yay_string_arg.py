"""A user asked for strings to be valid JAX types: their jitted `print_yay(arr, msg)`
takes an array and a message string and uses Python control flow on `msg` to decide
what to compute ("my function uses flow control to calculate different values based on
the value of msg"). `msg` is not listed as static, so calling the jitted function with a
string fails while jit abstracts its arguments.

Source: https://github.com/jax-ml/jax/issues/3045
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def print_yay(arr, msg):
    if msg == "this is my message!":
        return jnp.sum(arr)
    return jnp.prod(arr)


def run():
    out = print_yay(np.array([5, 3, 2, 2020]), "this is my message!")  # expect: JAX306
    return int(out)


if __name__ == "__main__":
    print(run())
