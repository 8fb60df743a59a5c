"""What stays concrete under transformations (issue 21): measured on jax 0.10.2.

Run: /work/venv/bin/python bench/concrete_under_vmap.py
Prints one line per measurement; every line should end in `ok`.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp


def _check(label: str, condition: bool) -> None:
    print(f"{label}: {'ok' if condition else 'UNEXPECTED'}")


def vmap_in_axes_none() -> None:
    """`in_axes` entries that are `None`, however the sequence is spelled, give the function the
    Python values the caller passed (ott's k_means: `[0] + [None] * 9`; soft_sort:
    `(0,) + (None,) * len(args)`)."""
    seen: list[tuple[type, type]] = []

    @functools.partial(jax.vmap, in_axes=[0] + [None] * 2)
    def spelled_by_repetition(x, n, flag):
        seen.append((type(n), type(flag)))
        return jnp.full((n,), 1.0) * x if flag else x

    spelled_by_repetition(jnp.ones(3), 2, True)
    _check("in_axes=[0] + [None] * 2 passes int and bool", seen[-1] == (int, bool))

    def op(x, topk, num_targets, scale=1.0):
        seen.append((type(topk), type(num_targets)))
        return jnp.ones(topk) * scale if 0 < topk < 5 else x

    args = (2, None)
    batch = jax.vmap(functools.partial(op, scale=2.0), in_axes=(0,) + (None,) * len(args))
    batch(jnp.ones((3, 2)), *args)
    _check("in_axes=(0,) + (None,) * len(args) through a keyword partial passes int", seen[-1][0] is int)


def repeat_with_total_length() -> None:
    """`repeats` may be traced when `total_repeat_length` is given, in the function and the
    method form; without it jit raises a ConcretizationTypeError."""

    @functools.partial(jax.jit, static_argnums=1)
    def method(counts, total):
        return jnp.arange(3).repeat(counts, total_repeat_length=total)

    @functools.partial(jax.jit, static_argnums=1)
    def function(counts, total):
        return jnp.repeat(jnp.arange(3), counts, total_repeat_length=total)

    counts = jnp.array([1, 2, 3])
    _check("x.repeat(traced, total_repeat_length=6) under jit", method(counts, 6).shape == (6,))
    _check("jnp.repeat(x, traced, total_repeat_length=6) under jit", function(counts, 6).shape == (6,))
    try:
        jax.jit(lambda c: jnp.arange(3).repeat(c))(counts)
        _check("x.repeat(traced) under jit raises", False)
    except jax.errors.ConcretizationTypeError:
        _check("x.repeat(traced) under jit raises", True)


def nnx_jit_static_argnames() -> None:
    """flax nnx's jit takes jax.jit's `static_argnames`: the argument arrives as given."""
    try:
        from flax import nnx
    except ImportError:
        print("nnx.jit static_argnames: skipped (no flax)")
        return
    seen = []

    def curvature(model, x, ts=4):
        seen.append(type(ts))
        return x * ts

    model = nnx.Linear(2, 2, rngs=nnx.Rngs(0))
    nnx.jit(curvature, static_argnames=["ts"])(model, jnp.ones(2), ts=3)
    _check("nnx.jit(f, static_argnames=['ts']) passes ts as int", seen[-1] is int)


if __name__ == "__main__":
    print("jax", jax.__version__)
    vmap_in_axes_none()
    repeat_with_total_length()
    nnx_jit_static_argnames()
