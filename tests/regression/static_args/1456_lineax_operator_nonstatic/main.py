"""lineax #34/#41: an operator carried its non-array metadata (the input structure,
a `jax.ShapeDtypeStruct`) as an ordinary Module field instead of marking it static.
Passing the operator into a plain `jax.jit`-ed solve makes jit treat that field as
a leaf to trace, and the call fails because a ShapeDtypeStruct is not an array.

Source: https://github.com/patrick-kidger/lineax/pull/41
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp

from operators import FunctionLinearOperator


@jax.jit
def solve(operator, vector):
    return jnp.linalg.solve(operator.as_matrix(), vector)


def run():
    A = jnp.array([[3.0, 1.0], [1.0, 2.0]])
    op = FunctionLinearOperator(lambda v: A @ v, jax.ShapeDtypeStruct((2,), jnp.float32))
    return solve(op, jnp.ones(2))


if __name__ == "__main__":
    run()
