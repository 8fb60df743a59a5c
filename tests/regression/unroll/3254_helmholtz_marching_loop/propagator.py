# pywaveprop/experimental/helmholtz_mz.py (reduced): rational Crank-Nicolson marching in x
import jax
import jax.numpy as jnp
from jax import tree_util


class HelmholtzPropagatorMZ:
    def __init__(self, x_n, z_n, dz_m, beta, coefs, upper_nlbc_coefs, het):
        self.x_n = x_n
        self.z_n = z_n
        self.dz_m = dz_m
        self.beta = beta
        self.coefs = coefs                    # (order, 2) Pade numerator/denominator roots
        self.upper_nlbc_coefs = upper_nlbc_coefs  # (x_n, order, order) boundary kernel
        self.het = het

    def _tree_flatten(self):
        dynamic = (self.coefs, self.upper_nlbc_coefs, self.het)
        static = {'x_n': self.x_n, 'z_n': self.z_n, 'dz_m': self.dz_m, 'beta': self.beta}
        return dynamic, static

    @classmethod
    def _tree_unflatten(cls, static, dynamic):
        return cls(coefs=dynamic[0], upper_nlbc_coefs=dynamic[1], het=dynamic[2], **static)

    def _Crank_Nikolson_propagate(self, a, b, initial):
        tau = (self.beta * self.dz_m) ** 2
        rhs = (tau - 2 * a + a * tau * self.het) * initial
        rhs = rhs.at[1:].add(a * initial[:-1]).at[:-1].add(a * initial[1:])
        diag = tau - 2 * b + b * tau * self.het
        return rhs / diag

    def _step(self, initial, upper_convolution):
        upper_field = jnp.zeros(len(self.coefs), dtype=complex)

        def substep(i, val):
            y0, upper_field = val
            y1 = self._Crank_Nikolson_propagate(self.coefs[i][0], self.coefs[i][1], y0)
            y1 = y1.at[-1].add(upper_convolution[i])
            upper_field = upper_field.at[i].set(y1[-1])
            return y1, upper_field

        v = (initial, upper_field)
        for i in range(len(self.coefs)):
            v = substep(i, v)
        return v

    def _convolution(self, a, b, i):
        def body_fun(ind, val):
            return val + a[ind] @ b[i - ind]

        v = jnp.zeros(a.shape[1], dtype=complex)
        for ind in range(1, len(a)):  # expect: JAX407
            v = body_fun(ind, v)
        return v

    @jax.jit
    def compute(self, initial):
        results = jnp.zeros((self.x_n, self.z_n), dtype=complex)
        results = results.at[0, :].set(initial)

        def body_fun(i, val):
            y0, res, upper_field = val
            upper_convolution = self._convolution(self.upper_nlbc_coefs, upper_field, i)
            y1, upper_field_i = self._step(y0, upper_convolution)
            res = res.at[i, :].set(y1)
            upper_field = upper_field.at[i].set(upper_field_i)
            return y1, res, upper_field

        v = (initial, results, jnp.zeros((self.x_n, len(self.coefs)), dtype=complex))
        for i in range(1, self.x_n):  # expect: JAX407
            v = body_fun(i, v)
        _, results, _ = v
        return results


tree_util.register_pytree_node(HelmholtzPropagatorMZ,
                               HelmholtzPropagatorMZ._tree_flatten,
                               HelmholtzPropagatorMZ._tree_unflatten)
