"""What an unrolled loop costs: equations of one body times its trip count, against compile time.

For each body, the jaxpr equations one iteration adds (sub-jaxprs of `pjit`, `custom_jvp`, ...
counted in) and the trace + compile seconds (`.lower().compile()`, a program jax has not seen)
of the body unrolled in a Python loop inside `jax.jit`, per trip count. The figures behind
`jaxcheck.analysis.host.unrolling`'s weights and cost threshold come from this script.

Bodies:

- ``elementwise``: a GAE-like recursion step (a handful of fused elementwise operations);
- ``layer``: `tanh(x @ w + b)`;
- ``block``: an MLP block (RMS norm, two matmuls, gelu, residual);
- ``rk_stage``: a Runge-Kutta stage of an MLP vector field (weighted sum of earlier stages);
- ``draw``: split a key and draw normals (a counter-based generator per draw);
- ``grad``: `jax.grad` of an MLP regression loss and an SGD update;
- ``adam``: `jax.value_and_grad` of that loss and an optax-like Adam update written out;
- ``hessian``: `jax.hessian` of a small bond energy;
- ``eigh``: `jnp.linalg.eigh` of a small parametric matrix.

Run: `python bench/bench_unroll_weight.py [--bodies a,b] [counts...]` (default counts 4 8 16 32);
`--recursion` measures recursions on a shape and on a static integer instead.
"""

from __future__ import annotations

import argparse
import os
import time
from functools import partial

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402


def equations(jaxpr) -> int:
    """Equations of ``jaxpr`` with those of the jaxprs its equations hold (what XLA compiles)."""
    total = 0
    for equation in jaxpr.eqns:
        inner = [p for p in equation.params.values() if hasattr(p, "jaxpr") or hasattr(p, "eqns")]
        inner += [q for p in equation.params.values() if isinstance(p, (tuple, list)) for q in p
                  if hasattr(q, "jaxpr") or hasattr(q, "eqns")]
        total += 1 if not inner else sum(equations(getattr(p, "jaxpr", p)) for p in inner)
    return total


def _mlp(params, x):
    return jnp.tanh(x @ params["w1"] + params["b1"]) @ params["w2"]


def _loss(params, x, y):
    return jnp.mean((_mlp(params, x) - y) ** 2)


def _bond_energy(flat):
    coords = flat.reshape(4, 3)
    d = coords[jnp.array([0, 1, 2])] - coords[jnp.array([1, 2, 3])]
    r = jnp.sqrt(jnp.sum(d**2, axis=-1) + 1e-12)
    return jnp.sum(0.5 * 300.0 * (r - 1.1) ** 2)


PARAMS = {"w1": jnp.ones((8, 32)), "b1": jnp.ones(32), "w2": jnp.ones((32, 8))}


def bodies():
    """name -> (step(carry) -> carry, initial carry)."""

    def elementwise(c):
        v, last = c
        delta = v * 0.99 - v * 0.5 + 1.0
        return v, delta + 0.95 * (1 - v) * last

    def layer(c):
        x, w, b = c
        return jnp.tanh(x @ w + b), w, b

    def block(c):
        x, w_in, w_out, scale = c
        h = x / jnp.sqrt(jnp.mean(x**2, -1, keepdims=True) + 1e-6) * scale
        return x + jax.nn.gelu(h @ w_in) @ w_out, w_in, w_out, scale

    def rk_stage(c):
        y, ks, params = c
        yi = y + 0.1 * sum(0.2 * k for k in ks[-3:])
        k = _mlp(params, yi)
        return y, ks[1:] + (k,), params

    def draw(c):
        key, s = c
        key, sub = jax.random.split(key)
        return key, s + jax.random.normal(sub, s.shape)

    def grad(c):
        params, x, y = c
        g = jax.grad(_loss)(params, x, y)
        return jax.tree_util.tree_map(lambda p, d: p - 0.01 * d, params, g), x, y

    def adam(c):
        params, m, v, x, y = c
        _, g = jax.value_and_grad(_loss)(params, x, y)
        m = jax.tree_util.tree_map(lambda a, d: 0.9 * a + 0.1 * d, m, g)
        v = jax.tree_util.tree_map(lambda a, d: 0.999 * a + 0.001 * d * d, v, g)
        params = jax.tree_util.tree_map(lambda p, a, b: p - 1e-3 * a / (jnp.sqrt(b) + 1e-8), params, m, v)
        return params, m, v, x, y

    def hessian(c):
        flat, total = c
        return flat, total + jnp.sum(jax.hessian(_bond_energy)(flat))

    def eigh(c):
        x, a, b = c
        m = a + jnp.tensordot(x, b, axes=1)
        return x + jnp.linalg.eigh(m)[0][:3], a, b

    x, y = jnp.ones((16, 8)), jnp.ones((16, 8))
    y3 = jnp.ones(8)
    return {
        "elementwise": (elementwise, (jnp.ones(8), jnp.zeros(8))),
        "layer": (layer, (jnp.ones((8, 128)), jnp.ones((128, 128)), jnp.ones(128))),
        "block": (block, (jnp.ones((8, 128)), jnp.ones((128, 512)), jnp.ones((512, 128)), jnp.ones(128))),
        "rk_stage": (rk_stage, (y3, (y3, y3, y3), PARAMS)),
        "draw": (draw, (jax.random.PRNGKey(0), jnp.zeros(256))),
        "grad": (grad, (PARAMS, x, y)),
        "adam": (adam, (PARAMS, PARAMS, PARAMS, x, y)),
        "hessian": (hessian, (jnp.ones(12), jnp.zeros(()))),
        "eigh": (eigh, (jnp.ones(3), jnp.ones((6, 6)), jnp.ones((3, 6, 6)))),
    }


def unrolled(step, steps: int):
    def run(carry):
        for _ in range(steps):
            carry = step(carry)
        return carry

    return run


def recursions() -> None:
    """Equations of a recursion on a shape (halving a stack) and on a static integer (a jitted
    `fib`), and the traces and trace + compile seconds of the latter."""

    def diag_kron(stack):
        n = stack.shape[0]
        if n == 1:
            return stack[0]
        return jnp.einsum("i,j->ij", diag_kron(stack[: n // 2]), diag_kron(stack[n // 2 :])).reshape(-1)

    for n in (4, 8, 16):
        print(f"diag_kron of {n:>2} operators: {equations(jax.make_jaxpr(diag_kron)(jnp.ones((n, 2))).jaxpr)} equations")
    traces = []

    @partial(jax.jit, static_argnums=0)
    def fib(t):
        traces.append(t)
        return 1 if t <= 2 else fib(t - 1) + fib(t - 2)

    for t in (8, 12, 16):
        traces.clear()
        jax.clear_caches()
        start = time.perf_counter()
        fib.lower(t).compile()
        seconds = time.perf_counter() - start
        count = equations(jax.make_jaxpr(fib, static_argnums=0)(t).jaxpr)
        print(f"fib({t}): {len(traces)} traces, {count} equations, {seconds:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bodies", default=None, help="comma-separated names (default: all)")
    parser.add_argument("--recursion", action="store_true", help="measure recursions instead of loops")
    parser.add_argument("counts", nargs="*", type=int, default=[4, 8, 16, 32])
    options = parser.parse_args()
    if options.recursion:
        return recursions()
    chosen = bodies()
    if options.bodies:
        chosen = {name: chosen[name] for name in options.bodies.split(",")}
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}")
    jax.jit(unrolled(chosen[next(iter(chosen))][0], 1)).lower(chosen[next(iter(chosen))][1]).compile()  # XLA's start
    print(f"{'body':>12} {'eqns/step':>9} " + " ".join(f"{n:>7}" for n in options.counts) + "  (trace+compile s)")
    for name, (step, carry) in chosen.items():
        per_step = equations(jax.make_jaxpr(step)(carry).jaxpr)
        seconds = []
        for steps in options.counts:
            start = time.perf_counter()
            jax.jit(unrolled(step, steps)).lower(carry).compile()
            seconds.append(time.perf_counter() - start)
        print(f"{name:>12} {per_step:>9} " + " ".join(f"{s:>7.2f}" for s in seconds), flush=True)


if __name__ == "__main__":
    main()
