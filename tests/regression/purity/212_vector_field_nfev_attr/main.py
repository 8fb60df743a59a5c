"""Vector-field object counts its evaluations on `self` inside a jitted scan.

Source: https://github.com/patrick-kidger/diffrax/issues/118
"Extracting number of function and Jacobian evaluations from diffeqsolve":
the statistic is not returned, and the maintainer explained that without
stateful operations the count has to be threaded through the solver by hand.
A user-side shortcut is to store `self.nfev` on the vector-field object and
increment it in `__call__`; under jit and scan the increment happens during
tracing only. The term, the solver and the driver are separate modules; three
jitted solves of 20 Heun steps (120 evaluations) leave `nfev == 2`.

Observed on jax 0.10.2: 2 of 120 calls
"""
import jax.numpy as jnp

from solver import make_jitted_solver
from terms import DampedOscillator


def run():
    term = DampedOscillator(omega=2.0, zeta=0.1)
    solve = make_jitted_solver(term, dt=0.01, n_steps=20)
    for _ in range(3):
        solve(jnp.array([1.0, 0.0])).block_until_ready()
    return term.nfev
