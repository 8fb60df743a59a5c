"""Weak types of a lax loop's carry, and the compiles of a jitted step fed back its own output
whose pytree started with Python scalars (what `join_carry` in analysis/values.py models).
Run: python bench/measure_carry_weak_types.py

Measured on jax 0.10.2 (CPU):
    scan: weak f32 start, strong f32 body -> float32 weak=False
    scan: weak int start, strong f32 body -> float32 weak=False
    scan: weak int start, strong int32 body -> int32 weak=False
    scan: strong f32 start, weak body -> float32 weak=False
    scan: weak f32 start, weak body -> float32 weak=True
    fori_loop: weak f32 start, strong f32 body -> float32 weak=False
    while_loop: weak f32 start, strong f32 body -> float32 weak=False
    step over scan, metrics starting 0.0 / 0, 3 calls fed back: 2 compiles
    the same, metrics starting jnp.float32(0) / jnp.int32(0): 1 compile
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

_TRACES = [0]  # traces of `learn`: one per compile of it


def show(name: str, out) -> None:
    print(f"{name} -> {out.dtype} weak={out.weak_type}")


def carry_kinds() -> None:
    strong_body = lambda c, x: (c + jnp.float32(1), None)  # noqa: E731
    show("scan: weak f32 start, strong f32 body", jax.lax.scan(strong_body, 0.0, None, length=2)[0])
    show("scan: weak int start, strong f32 body", jax.lax.scan(strong_body, 0, None, length=2)[0])
    show("scan: weak int start, strong int32 body", jax.lax.scan(lambda c, x: (c + jnp.int32(1), None), 0, None, length=2)[0])
    show("scan: strong f32 start, weak body", jax.lax.scan(lambda c, x: (1.0 + 0 * c, None), jnp.float32(0), None, length=2)[0])
    show("scan: weak f32 start, weak body", jax.lax.scan(lambda c, x: (c + 1.0, None), 0.0, None, length=2)[0])
    show("fori_loop: weak f32 start, strong f32 body", jax.lax.fori_loop(0, 2, lambda i, c: c + jnp.float32(1), 0.0))
    show("while_loop: weak f32 start, strong f32 body", jax.lax.while_loop(lambda c: c < 2, lambda c: c + jnp.float32(1), 0.0))


@jax.jit
def learn(state):
    _TRACES[0] += 1
    def body(carry, _):
        reward = jnp.sum(carry["obs"]).astype(jnp.float32)
        metrics = {"ret": carry["metrics"]["ret"] + reward, "len": carry["metrics"]["len"] + jnp.int32(1)}
        return {"obs": carry["obs"] * 0.5, "metrics": metrics}, reward

    state, _ = jax.lax.scan(body, state, None, length=4)
    return state


def fed_back_compiles(start_ret, start_len) -> int:
    jax.clear_caches()
    before = _TRACES[0]
    state = {"obs": jnp.ones(3), "metrics": {"ret": start_ret, "len": start_len}}
    for _ in range(3):
        state = learn(state)
    return _TRACES[0] - before


if __name__ == "__main__":
    carry_kinds()
    print("step over scan, metrics starting 0.0 / 0, 3 calls fed back:", fed_back_compiles(0.0, 0), "compiles")
    print("the same, metrics starting jnp.float32(0) / jnp.int32(0):", fed_back_compiles(jnp.float32(0), jnp.int32(0)), "compiles")
