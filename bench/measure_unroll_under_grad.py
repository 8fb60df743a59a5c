"""What a loop unrolled inside a differentiated function adds to the compiled program.

    python bench/measure_unroll_under_grad.py

`jax.jit(jax.value_and_grad(loss))` of a loss whose Python loop runs an explicit diffusion step
(1965's feed-forward unroll), against the same loss under `jax.jit` alone and the `lax.scan`
form: equations of the whole jaxpr (sub-jaxprs counted in) and seconds to lower and compile.
"""

from __future__ import annotations

import sys
import time

import jax
import jax.numpy as jnp


def step(p, t, v):
    lap = p[:-2] - 2 * p[1:-1] + p[2:]
    return p.at[1:-1].add(1e-3 * v * lap / 0.01), t + 1e-3


def unrolled(n):
    def loss(v, p):
        t = 0.0
        for _ in range(n):
            p, t = step(p, t, v)
        return jnp.mean(p ** 2)
    return loss


def scanned(n):
    def loss(v, p):
        (p, _), _ = jax.lax.scan(lambda c, _: (step(*c, v), None), (p, 0.0), None, length=n)
        return jnp.mean(p ** 2)
    return loss


def equations(jaxpr) -> int:
    count = 0
    for eqn in jaxpr.eqns:
        count += 1
        for sub in jax.core.jaxprs_in_params(eqn.params):
            count += equations(sub)
    return count


def measure(function, *args) -> tuple[int, float]:
    count = equations(jax.make_jaxpr(function)(*args).jaxpr)
    start = time.perf_counter()
    jax.jit(function).lower(*args).compile()
    return count, time.perf_counter() - start


if __name__ == "__main__":
    v, p = jnp.array(0.5), jnp.sin(jnp.linspace(0, 3.14, 32))
    measure(unrolled(2), v, p)  # warm up
    print("steps  jit(loss)        jit(value_and_grad(loss))  scan form under value_and_grad")
    for n in [int(a) for a in sys.argv[1:]] or (8, 16, 20, 32, 64):
        a = measure(unrolled(n), v, p)
        b = measure(jax.value_and_grad(unrolled(n)), v, p)
        c = measure(jax.value_and_grad(scanned(n)), v, p)
        print(f"{n:<6} {a[0]:>4} eqns {a[1]:.2f} s   {b[0]:>4} eqns {b[1]:.2f} s         {c[0]:>4} eqns {c[1]:.2f} s")
