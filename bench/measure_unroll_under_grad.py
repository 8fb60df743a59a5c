"""What a loop unrolled inside a differentiated function adds to the compiled program.

    python bench/measure_unroll_under_grad.py

`jax.jit(jax.value_and_grad(loss))` of a loss whose Python loop runs an explicit diffusion step
(1965's feed-forward unroll), against the same loss under `jax.jit` alone and the `lax.scan`
form: equations of the whole jaxpr (sub-jaxprs counted in) and seconds to lower and compile.
Measured on jax 0.10.2, CPU (a shared, loaded 2-core machine: the ratios, not the seconds):

    steps  jit(loss)        jit(value_and_grad(loss))  scan form under value_and_grad
    8       107 eqns 0.26 s    230 eqns 1.76 s           40 eqns 0.64 s
    16      211 eqns 0.40 s    462 eqns 5.11 s           40 eqns 0.74 s
    20      263 eqns 0.38 s    578 eqns 8.69 s           40 eqns 1.02 s
    32      419 eqns 0.54 s    926 eqns 19.67 s          40 eqns 0.76 s
    64      835 eqns 0.71 s   1854 eqns 113.87 s         40 eqns 1.90 s

The backward pass more than doubles the program (the analysis weighs such a loop's body by
`names.DIFFERENTIATION_EQUATION_FACTOR`), and its compile time grows far faster than the
forward program's.
"""

from __future__ import annotations

import sys
import time

import jax
import jax.extend
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
        for sub in jax.extend.core.jaxprs_in_params(eqn.params):
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
