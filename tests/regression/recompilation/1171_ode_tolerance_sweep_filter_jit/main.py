"""Tolerance sweep: Python-float atol/rtol are compile-time constants of the solver.

Source: https://github.com/patrick-kidger/diffrax/issues/466
What happened: in diffrax issue #466 ("Accelerate ODE solver [What did I miss?]") the user
jitted a `run_diffrax(hidden_dims, input_x, [0.0, 1.0], 100, {'method':
diffrax.Dopri5(), 'atol': 1e-5, 'rtol': 1e-5})` helper and noticed that the second call
with the same tolerances took ~0.008 s, but switching to `atol=rtol=1e-4` made the first
call take ~2 s again -- "I observe again the method `run_diffrax` runs slower again when
changing from `1e-5` to `1e-4` because of compilation"; the maintainers answered that this
is expected: the Python floats in the options are static under the JIT wrapper, so every
new tolerance value is a new compilation.  Here an `eqx.filter_jit` adaptive solver gets
its tolerances from an options dict of Python floats, and the driver sweeps 4 tolerances.

Observed on jax 0.10.2: run_solver compiled 4 times
"""
import jax
import jax.numpy as jnp

from solver import MLPField, run_solver


def tolerance_sweep(field, y0, tolerances):
    finals = []
    for tol in tolerances:
        options = {"atol": tol, "rtol": tol}
        finals.append(run_solver(field, y0, (0.0, 1.0), options))  # expect: JAX403
    return finals


def run():
    field = MLPField([4, 16, 4], jax.random.PRNGKey(0))
    y0 = jnp.ones(4)
    finals = tolerance_sweep(field, y0, [1e-3, 1e-4, 1e-5, 1e-6])
    return float(jnp.abs(finals[0] - finals[-1]).max())


if __name__ == "__main__":
    print(run())
