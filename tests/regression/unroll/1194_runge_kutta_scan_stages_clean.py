"""ODE solver computing its Runge-Kutta stages with lax.scan (fixed).

Source: https://github.com/patrick-kidger/diffrax/issues/94
What happened: diffrax issue #94 traced slow compilation of a differentiated
`diffeqsolve` to the Python loop over Runge-Kutta stages; "a scrappy implementation that
switches out that for loop for a lax.scan" compiled much faster and PR #124 ("Added
AbstractRungeKutta(scan_stages=...) to improve compile times") made it an option.  Here
the stage loop is a `lax.scan` over a padded tableau (row i of `A` holds the
coefficients for the first i stages), so the stage body is traced once.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
import numpy as np

_A = [[1 / 5], [3 / 40, 9 / 40], [44 / 45, -56 / 15, 32 / 9],
      [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
      [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
      [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84]]
A = np.zeros((6, 7))
for i, row in enumerate(_A):
    A[i, : len(row)] = row
B = np.array([35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0])
C = np.array([1 / 5, 3 / 10, 4 / 5, 8 / 9, 1.0, 1.0])


def rk_step(vector_field, t, y, dt, args):
    ks = jnp.zeros((7,) + y.shape).at[0].set(vector_field(t, y, args))

    def stage(ks, xs):
        i, a_i, c_i = xs
        yi = y + dt * jnp.tensordot(a_i, ks, axes=1)
        return ks.at[i + 1].set(vector_field(t + c_i * dt, yi, args)), None

    ks, _ = jax.lax.scan(stage, ks, (jnp.arange(6), jnp.asarray(A), jnp.asarray(C)))
    return y + dt * jnp.tensordot(jnp.asarray(B), ks, axes=1)


def diffeqsolve(vector_field, y0, t0, t1, n_steps, args):
    dt = (t1 - t0) / n_steps
    return jax.lax.fori_loop(0, n_steps, lambda i, y: rk_step(vector_field, t0 + i * dt, y, dt, args), y0)


def mlp_field(t, y, params):
    return params["w2"] @ jnp.tanh(params["w1"] @ y + params["b1"])


@jax.jit
def loss_and_grad(params, y0, target):
    return jax.value_and_grad(
        lambda p: jnp.sum((diffeqsolve(mlp_field, y0, 0.0, 1.0, 20, p) - target) ** 2))(params)


def run():
    k = jax.random.split(jax.random.PRNGKey(0), 2)
    params = {"w1": 0.3 * jax.random.normal(k[0], (16, 3)), "b1": jnp.zeros(16),
              "w2": 0.3 * jax.random.normal(k[1], (3, 16))}
    value, _ = loss_and_grad(params, jnp.ones(3), jnp.zeros(3))
    return float(value)


if __name__ == "__main__":
    print(run())
