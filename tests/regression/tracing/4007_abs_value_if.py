"""Working through the JIT tutorial in a study repo, the user defines an
absolute-value style function with a plain `if x > 0:` and wraps it with
jit(f). The comparison on the traced argument cannot be turned into a Python
bool, so the first call `f_jit(1.)` raises TracerBoolConversionError (the
notebook leaves that call commented out as "forbidden").

Source: https://github.com/Tershire/JAX_Study/blob/a6538eb43cd7ab7a010f644328fe82c495fd352f/S02/S02P02_tutorial_jit_compilation_with_jax.ipynb
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax.numpy as jnp
from jax import jit


def selu(x, alpha=1.67, lamda=1.05):
    return lamda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


def f(x):
    if x > 0:  # expect: JAX201
        return x
    else:
        return -x


def run():
    selu_jit = jit(selu)
    selu_jit(jnp.arange(5.0)).block_until_ready()
    f_jit = jit(f)
    return f_jit(1.)


if __name__ == "__main__":
    run()
