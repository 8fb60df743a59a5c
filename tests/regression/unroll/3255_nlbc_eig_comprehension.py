"""In pywaveprop's experimental multi-z Helmholtz propagator the nonlocal boundary kernel is
sampled by `nlbc_transformed`, a function wrapped in `@jax.jit` that diagonalises the Pade
companion matrix and then applies the scalar boundary ratio with a Python list comprehension
over the traced eigenvalue array: `jnp.array([diff_eq_solution_ratio(a) for a in w])`.
Iterating over a traced array unrolls one copy of the ratio computation per eigenvalue at
trace time (the trip count is the array's length); the stable code vmaps the ratio instead.

Source: https://github.com/mikelytaev/wave-propagation/blob/f55108ff05eed4aa9ed97d9c50ff4f5d89deadb5/pywaveprop/experimental/helmholtz_mz.py#L233
Observed on jax 0.10.x: nlbc_transformed compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def sqr_eq(a, b, c):
    c1 = (-b + jnp.sqrt(b**2 - 4 * a * c)) / (2 * a)
    c2 = (-b - jnp.sqrt(b**2 - 4 * a * c)) / (2 * a)
    return jnp.where(jnp.abs(c1) > jnp.abs(c2), c2, c1)


def make_nlbc(num_roots, den_roots, alpha=1 / 12, beta=1.0, dz_m=0.5, tau=1.001):
    m_size = num_roots.shape[0]

    def diff_eq_solution_ratio(s):
        a_m1 = 1 - alpha * (beta * dz_m) ** 2 * s
        a_1 = 1 - alpha * (beta * dz_m) ** 2 * s
        c = -2 + (2 * alpha - 1) * (beta * dz_m) ** 2 * s
        mu = sqr_eq(a_1, c, a_m1)
        return 1 / mu

    @jax.jit
    def nlbc_transformed(f):
        t = tau * jnp.exp(1j * f)
        matrix_a = jnp.diag(den_roots, 0) - jnp.diag(num_roots[1:], -1)
        matrix_a = matrix_a.at[0, -1].add(-num_roots[0])
        matrix_a = matrix_a.at[0, 0].set(matrix_a[0, 0] * t)
        matrix_b = jnp.diag(-jnp.ones(m_size), 0) + jnp.diag(jnp.ones(m_size - 1), -1) + 0j
        matrix_b = matrix_b.at[0, -1].set(1.0)
        matrix_b = matrix_b.at[0, 0].multiply(t)
        w, vr = jnp.linalg.eig(jnp.linalg.inv(matrix_a) @ matrix_b)
        r = jnp.diag(jnp.array([diff_eq_solution_ratio(a) for a in w]))  # expect: JAX407
        res = vr.dot(r).dot(jnp.linalg.inv(vr))
        return res.reshape(m_size ** 2)

    return nlbc_transformed


def run():
    order = 8
    num_roots = (0.9 + 0.05j) * jnp.ones(order, dtype=complex) + 0.01 * jnp.arange(order)
    den_roots = (1.1 - 0.05j) * jnp.ones(order, dtype=complex) - 0.01 * jnp.arange(order)
    nlbc_transformed = make_nlbc(num_roots, den_roots)
    vals = [nlbc_transformed(f) for f in jnp.linspace(0.0, 6.28, 4)]
    return len(vals)
