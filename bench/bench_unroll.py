"""Trace + compile time of a Python loop unrolled inside `jax.jit`, against `lax.scan`, per body.

Each trip count is a new program, traced, lowered and compiled anew; the seconds of
`.lower()` + `.compile()` are printed for the unrolled form and the `lax.scan` form, and their
ratio. Bodies (``--body``):

- ``gae``: the backward GAE recursion of the bundled JAX407 examples (elementwise, one fused chain);
- ``layer``: `tanh(x @ w + b)` with one (128, 128) weight (matmul and nonlinearity);
- ``block``: an MLP block (RMS norm, (128, 512) and (512, 128) matmuls, gelu, residual);
- ``euler``: an Euler step of a 4-compartment epidemic model, the trajectory stacked;
- ``draws``: a stochastic-volatility step (split a key, draw normals, elementwise updates).

``--differentiated`` times `jax.grad` of the loop's summed output instead (the loop runs inside a
differentiated function: each iteration unrolls a forward and a backward pass; `layer` and
`block` differentiate with respect to the weights, the others the initial carry).

Run: `python bench/bench_unroll.py --body layer 8 16 32 64 128 256`.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pathlib
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples" / "recompilation"


def _example(name: str):
    """The `gae` of one of the bundled JAX407 examples (the bench times exactly that code)."""
    path = EXAMPLES / f"jax407_unrolled_loop_in_jit_{name}.py"
    spec = importlib.util.spec_from_file_location(f"jax407_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.gae


def _repeated(step, steps: int):
    """``step(carry, *operands)`` applied ``steps`` times: a Python loop, and `lax.scan`."""

    def unrolled(carry, *operands):
        for _ in range(steps):
            carry = step(carry, *operands)
        return carry

    def scanned(carry, *operands):
        return jax.lax.scan(lambda c, _: (step(c, *operands), None), carry, None, length=steps)[0]

    return unrolled, scanned


def _rms_block(x, w_in, w_out, scale):
    h = x / jnp.sqrt(jnp.mean(x**2, -1, keepdims=True) + 1e-6) * scale
    return x + jax.nn.gelu(h @ w_in) @ w_out


def _euler(y, p):
    s, e, i, r = y[0], y[1], y[2], y[3]
    infected = p[0] * s * i / (s + e + i + r)
    return y + jnp.stack([-infected, infected - p[1] * e, p[1] * e - p[2] * i, p[2] * i])


def _draws(carry):
    key, s, h = carry
    key, sub = jax.random.split(key)
    z = jax.random.normal(sub, (2, s.shape[0]))
    return key, s + 0.005 + jnp.exp(h) * z[0], 0.1 * h + 0.001 * z[1]


def programs(body: str, steps: int):
    """(unrolled, scanned, arguments of the unrolled, arguments of the scanned) for ``body``."""
    if body == "gae":
        args = [jnp.ones((steps, 8)) for _ in range(3)]
        return _example("bad"), _example("good"), args, args
    if body == "layer":
        unrolled, scanned = _repeated(lambda x, w, b: jnp.tanh(x @ w + b), steps)
        args = [jnp.ones((8, 128)), jnp.ones((128, 128)), jnp.ones(128)]
    elif body == "block":
        unrolled, scanned = _repeated(_rms_block, steps)
        args = [jnp.ones((8, 128)), jnp.ones((128, 512)), jnp.ones((512, 128)), jnp.ones(128)]
    elif body == "euler":
        unrolled, scanned = _repeated(_euler, steps)
        args = [jnp.ones(4), jnp.ones(3)]
    elif body == "draws":
        unrolled, scanned = _repeated(_draws, steps)
        args = [(jax.random.PRNGKey(0), jnp.zeros(2000), jnp.zeros(2000))]
    else:
        raise SystemExit(f"unknown body {body!r}")
    return jax.jit(unrolled), jax.jit(scanned), args, args


def differentiated(unrolled, scanned, args, scan_args, body: str):
    """``programs``' pair under `jax.grad` of the summed output, jitted."""
    position = 1 if body in ("layer", "block") else 0

    def gradient(function):
        def loss(*operands):
            leaves = jax.tree_util.tree_leaves(function(*operands))
            return sum(jnp.sum(leaf) for leaf in leaves if jnp.issubdtype(leaf.dtype, jnp.floating))

        return jax.jit(jax.grad(loss, argnums=position))

    return gradient(unrolled.__wrapped__), gradient(scanned.__wrapped__), args, scan_args


def measure(jitted, args) -> float:
    """Trace + compile seconds of ``jitted`` for ``args`` (a program it has not seen)."""
    start = time.perf_counter()
    jitted.lower(*args).compile()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--body", default="gae", choices=["gae", "layer", "block", "euler", "draws"])
    parser.add_argument("--differentiated", action="store_true", help="time `jax.grad` of the loop")
    parser.add_argument("counts", nargs="*", type=int, default=[4, 8, 16, 32, 64, 128])
    options = parser.parse_args()
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}, body {options.body}"
          + (", differentiated" if options.differentiated else ""))

    def programs_of(steps: int):
        made = programs(options.body, steps)
        return differentiated(*made, options.body) if options.differentiated else made

    print(f"{'steps':>6} {'unrolled':>9} {'scan':>7} {'ratio':>6}")
    warm = programs_of(2)
    measure(warm[0], warm[2]), measure(warm[1], warm[3])  # the first compile pays for XLA's start
    for steps in options.counts:
        unrolled, scanned, args, scan_args = programs_of(steps)
        u, s = measure(unrolled, args), measure(scanned, scan_args)
        print(f"{steps:>6} {u:>8.3f}s {s:>6.3f}s {u / s:>6.1f}", flush=True)


if __name__ == "__main__":
    main()
