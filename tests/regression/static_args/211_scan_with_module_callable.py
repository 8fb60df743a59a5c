"""An equinox model holding arrays passed directly as the body of lax.scan.

Source: https://taourl.com/read-2462534.html
Q&A write-up: simulating a linear state-space model with
`jax.lax.scan(model, x0, inputs)` where `model` is an eqx.Module with array
fields (A, B) fails with "TypeError: unhashable type: 'ArrayImpl'": scan's body
function is a static, hashed argument and the module hashes its array fields.
The answer wraps the module in a lambda (`lambda c, u: model(c, u)`).

Observed on jax 0.10.2: raises TypeError
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class StateSpace(eqx.Module):
    A: jax.Array
    B: jax.Array

    def __call__(self, state, u):
        nxt = self.A @ state + self.B @ u
        return nxt, nxt


def simulate(model, x0, inputs):
    final, traj = jax.lax.scan(model, x0, inputs)  # expect: JAX302
    return traj


def run():
    model = StateSpace(A=0.9 * jnp.eye(2), B=jnp.ones((2, 1)))
    return simulate(model, jnp.zeros(2), jnp.ones((5, 1)))
