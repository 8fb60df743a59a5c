"""7-link robot arm (port-Hamiltonian control FYP): jitted `unravel` loops over a traced shape.

`massMatrixJac = jacfwd(MqPrime)` returns the mass-matrix derivative as a (n*n, n, 1) block, and
the jitted `unravel(dMdq_temp)` rearranges it back into n square matrices with
`(m, n, l) = jnp.shape(dMdq_temp)` followed by `for i in range(n):` doing seven `.at[].set`
updates per iteration. The trip count comes from the argument's shape, so the loop is unrolled
into n*7 scatter ops inside the compiled function (and again for every new arm size); a reshape /
transpose does the same work without a Python loop.

Source: https://github.com/c3303516/FYP/blob/2dadb1bfabda45767a89e310754dbdeac49b6556/7LINK/main.py#L384
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
from jax import jacfwd


def MqPrime(qprime):
    # stand-in for the flattened 7x7 mass matrix as a function of the joint angles
    Mq_7 = jnp.diag(1.0 + jnp.cos(qprime[:, 0]) ** 2) + 0.1 * jnp.outer(jnp.sin(qprime[:, 0]), jnp.sin(qprime[:, 0]))
    m, n = jnp.shape(Mq_7)
    return Mq_7.T.reshape(m * n, 1)


massMatrixJac = jacfwd(MqPrime)


@jax.jit
def unravel(dMdq_temp):         # This rearranges the square matrix that gets input after jacobian calculation
    (m, n, l) = jnp.shape(dMdq_temp)
    dMdq1 = jnp.zeros((n, n))
    dMdq2 = jnp.zeros((n, n))
    dMdq3 = jnp.zeros((n, n))
    dMdq4 = jnp.zeros((n, n))
    dMdq5 = jnp.zeros((n, n))
    dMdq6 = jnp.zeros((n, n))
    dMdq7 = jnp.zeros((n, n))

    for i in range(n):  # expect: JAX407
        dMdq1 = dMdq1.at[0:n, i].set(dMdq_temp.at[n*i:n*(i+1), 0, 0].get())
        dMdq2 = dMdq2.at[0:n, i].set(dMdq_temp.at[n*i:n*(i+1), 1, 0].get())
        dMdq3 = dMdq3.at[0:n, i].set(dMdq_temp.at[n*i:n*(i+1), 2, 0].get())
        dMdq4 = dMdq4.at[0:n, i].set(dMdq_temp.at[n*i:n*(i+1), 3, 0].get())
        dMdq5 = dMdq5.at[0:n, i].set(dMdq_temp.at[n*i:n*(i+1), 4, 0].get())
        dMdq6 = dMdq6.at[0:n, i].set(dMdq_temp.at[n*i:n*(i+1), 5, 0].get())
        dMdq7 = dMdq7.at[0:n, i].set(dMdq_temp.at[n*i:n*(i+1), 6, 0].get())

    return dMdq1, dMdq2, dMdq3, dMdq4, dMdq5, dMdq6, dMdq7


def run():
    q = jnp.linspace(0.1, 0.7, 7).reshape(7, 1)
    dMdq = massMatrixJac(q).reshape(49, 7, 1)
    blocks = unravel(dMdq)
    assert blocks[0].shape == (7, 7)
    return None
