"""Tolerance sweep with atol/rtol passed as arrays, so they are traced (fixed).

Source: https://github.com/patrick-kidger/diffrax/issues/466
What happened: in diffrax issue #466 every new `atol=rtol` value passed to the jitted
`run_diffrax(..., {'method': ..., 'atol': 1e-5, 'rtol': 1e-5})` helper triggered a fresh
~2 s compilation, because Python floats are static under the JIT wrapper.  The way to
"compile only once for arbitrary atol=rtol values" is to hand the tolerances over as JAX
arrays, which `filter_jit` traces.  Same solver and sweep as the hazard, with
`jnp.asarray(tol)` in the options.

Observed on jax 0.10.2: run_solver compiled 1 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class MLPField(eqx.Module):
    layers: list

    def __init__(self, hidden_dims, key):
        keys = jax.random.split(key, len(hidden_dims) - 1)
        self.layers = [eqx.nn.Linear(a, b, key=k)
                       for a, b, k in zip(hidden_dims[:-1], hidden_dims[1:], keys)]

    def __call__(self, t, y):
        for layer in self.layers[:-1]:
            y = jnp.tanh(layer(y))
        return self.layers[-1](y)


@eqx.filter_jit
def run_solver(field, y0, t_span, options):
    t0, t1 = t_span
    atol, rtol = options["atol"], options["rtol"]

    def cond(carry):
        return carry[0] < t1

    def body(carry):
        t, y, dt = carry
        dt = jnp.minimum(dt, t1 - t)
        k1 = field(t, y)
        k2 = field(t + dt, y + dt * k1)
        y_high = y + 0.5 * dt * (k1 + k2)
        err = jnp.max(jnp.abs(y_high - (y + dt * k1)) / (atol + rtol * jnp.abs(y_high)))
        accept = err <= 1.0
        factor = jnp.clip(0.9 * err ** -0.5, 0.2, 5.0)
        return (jnp.where(accept, t + dt, t), jnp.where(accept, y_high, y), dt * factor)

    _, y1, _ = jax.lax.while_loop(cond, body, (t0, y0, jnp.asarray(0.01)))
    return y1


def run():
    field = MLPField([4, 16, 4], jax.random.PRNGKey(0))
    y0 = jnp.ones(4)
    finals = []
    for tol in [1e-3, 1e-4, 1e-5, 1e-6]:
        options = {"atol": jnp.asarray(tol), "rtol": jnp.asarray(tol)}
        finals.append(run_solver(field, y0, (0.0, 1.0), options))
    return float(jnp.abs(finals[0] - finals[-1]).max())


if __name__ == "__main__":
    print(run())
