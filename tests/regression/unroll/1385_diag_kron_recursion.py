"""A user builds the diagonal of a Kronecker product of many diagonal operators by recursively
halving the stack and combining the halves with einsum, inside jit. The recursion on the (static)
leading axis is unrolled at trace time: the jaxpr gets a constant number of equations per node of
the recursion tree, so trace and compile time grow with the number of operators.

Source: https://github.com/jax-ml/jax/issues/4858
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def diag_kron(diag_operators):
    length = diag_operators.shape[0]
    if length == 1:
        return diag_operators[0]
    else:
        oper1 = diag_kron(diag_operators[:length // 2])  # expect: JAX407
        oper2 = diag_kron(diag_operators[length // 2:])
        return jnp.einsum('i,j->ij', oper1, oper2).reshape(-1)


@jax.jit
def expectation(diag_operators, state):
    return jnp.vdot(state, diag_kron(diag_operators) * state)


def run():
    ops = jnp.stack([jnp.array([1.0, -1.0])] * 8)
    state = jnp.ones(2 ** 8) / 16.0
    expectation(ops, state)
    return None


if __name__ == "__main__":
    run()
