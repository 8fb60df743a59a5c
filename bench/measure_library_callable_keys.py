"""Which library functions that take functions compile again for each new function object
(a lambda made per call), called outside any trace. Run: python bench/measure_library_callable_keys.py

Counts compilations with `jax.monitoring` (the backend-compile duration event, one per XLA
compile) on the 2nd and 3rd of 3 calls, with a new lambda each time and with one function.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.ode import odeint
from jax.scipy.optimize import minimize
from jax.scipy.sparse.linalg import cg

_COMPILES = [0]


def _listener(event: str, duration: float, **_: object) -> None:
    if event == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


jax.monitoring.register_event_duration_secs_listener(_listener)


x = jnp.linspace(-1.0, 3.0, 9)
A = jnp.eye(3) * 2.0
b = jnp.ones(3)
t = jnp.linspace(0.0, 1.0, 3)


def fixed_piece(s):
    return s * 2.0


def fixed_rhs(y, t):
    return -y


def fixed_objective(p):
    return jnp.sum((p - 1.0) ** 2)


def fixed_operator(v):
    return A @ v


def fixed_body(c, v):
    return c + v, v


# Each case: the call, and a function to give it (made anew, or the module one).
CASES = {
    "jnp.piecewise": (lambda f: jnp.piecewise(x, [x < 0, x >= 0], [0.0, f]), lambda: (lambda s: s * 2.0), fixed_piece),
    "odeint": (lambda f: odeint(f, jnp.ones(2), t), lambda: (lambda y, t: -y), fixed_rhs),
    "minimize": (lambda f: minimize(f, jnp.zeros(2), method="BFGS").x, lambda: (lambda p: jnp.sum((p - 1.0) ** 2)), fixed_objective),
    "cg": (lambda f: cg(f, b)[0], lambda: (lambda v: A @ v), fixed_operator),
    "jnp.vectorize": (lambda f: jnp.vectorize(f)(x), lambda: (lambda s: s * 2.0), fixed_piece),
    "lax.scan": (lambda f: jax.lax.scan(f, 0.0, x), lambda: (lambda c, v: (c + v, v)), fixed_body),
}


def later_compiles(case, function) -> int:
    """Compiles of calls 2 and 3, after a first call warmed every cache up."""
    jax.clear_caches()
    jax.block_until_ready(case(function()))
    before = _COMPILES[0]
    for _ in range(2):
        jax.block_until_ready(case(function()))
    return _COMPILES[0] - before


if __name__ == "__main__":
    for name, (case, make, fixed) in CASES.items():
        fresh = later_compiles(case, make)
        same = later_compiles(case, lambda: fixed)
        print(f"{name:14s} calls 2-3 compile {fresh} times with a new function each, {same} with one function")
