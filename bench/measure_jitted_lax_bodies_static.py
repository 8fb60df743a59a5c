"""A jitted function with static positions handed to lax control flow as its body (JAX302):
the primitive calls it with tracers (the carry, the scanned slice, the loop index), and a
tracer at a static position cannot be hashed.

    python bench/measure_jitted_lax_bodies_static.py   (with /work/venv)

Recorded on jax 0.10.2 (CPU), 2026-11-28:

    scan body, static scanned slice (static_argnums=1) ........ ValueError (Non-hashable static arguments)
    scan body, static carry (static_argnums=0) ................ ValueError (Non-hashable static arguments)
    fori_loop body, static index (static_argnums=0) ........... ValueError (Non-hashable static arguments)
    while_loop body, static carry ............................. ValueError (Non-hashable static arguments)
    scan body, jit without static options ..................... ok
"""

import functools

import jax
import jax.numpy as jnp


def outcome(thunk) -> str:
    try:
        thunk()
        return "ok"
    except Exception as error:  # noqa: BLE001 - the exception is the measurement
        return f"{type(error).__name__} ({str(error).splitlines()[0][:40]})"


@functools.partial(jax.jit, static_argnums=1)
def scan_static_x(carry, idx):
    return carry + idx, 0


@functools.partial(jax.jit, static_argnums=0)
def scan_static_carry(carry, x):
    return carry + x, 0


@functools.partial(jax.jit, static_argnums=0)
def fori_static_i(i, value):
    return value + i


@functools.partial(jax.jit, static_argnums=0)
def while_static(value):
    return value + 1


@jax.jit
def plain(carry, x):
    return carry + x, 0


print("scan body, static scanned slice:", outcome(lambda: jax.lax.scan(scan_static_x, 0.0, jnp.arange(3))))
print("scan body, static carry:", outcome(lambda: jax.lax.scan(scan_static_carry, 0.0, jnp.arange(3.0))))
print("fori_loop body, static index:", outcome(lambda: jax.lax.fori_loop(0, 3, fori_static_i, 0)))
print("while_loop body, static carry:", outcome(lambda: jax.lax.while_loop(lambda v: v < 3, while_static, 0)))
print("scan body, jit without static options:", outcome(lambda: jax.lax.scan(plain, 0.0, jnp.arange(3.0))))
