"""The JAX "Control flow and logical operators with jit" guide: besides `if x < 3`, a
plain Python `and` between two traced comparisons also fails, because `and`
short-circuits on the truth value of its left operand, which under jit is an abstract
bool[] tracer.

Source: https://docs.jax.dev/en/latest/201/control-flow.html
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
from jax import jit


@jit
def g(x):
    return (x < 3) and (x > 0)  # expect: JAX201


def run():
    return g(2)
