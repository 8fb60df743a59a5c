"""`lax.fori_loop`, `lax.cond`, `lax.switch` and `lax.map` callbacks that cannot take the
arguments they are given (each `jaxcheck-callback` line raises `TypeError` on jax 0.10.2). The
older five-argument `lax.cond(pred, true_operand, true_fun, false_operand, false_fun)` runs on jax
0.10.2 (each function gets its own operand); only jax's own annotation objects to it."""

import jax
import jax.numpy as jnp
from jax import lax


def body(i: int, carry: jax.Array) -> jax.Array:
    return carry + i


def body_with_extra(i: int, carry: jax.Array, scale: float) -> jax.Array:
    return carry * scale


def branch(x: jax.Array) -> jax.Array:
    return x


def pair_branch(x: jax.Array, y: jax.Array) -> jax.Array:
    return x + y


x = jnp.arange(3.0)
lax.fori_loop(0, 3, body, x)
lax.cond(True, branch, branch, x)
lax.cond(True, pair_branch, pair_branch, x, x)
lax.fori_loop(0, 3, body_with_extra, x)  # E: `lax.fori_loop` calls `body_with_extra` with 2 positional argument(s), but it takes 3  [jaxcheck-callback]
lax.cond(True, branch, pair_branch, x)  # E: `lax.cond` calls `pair_branch` with 1 positional argument(s), but it takes 2  [jaxcheck-callback]
lax.switch(1, [branch, branch], x)
lax.switch(0, (pair_branch, pair_branch), x, x)
lax.switch(0, [branch, lambda a, b=1.0: a * b], x)
lax.switch(0, [branch, pair_branch], x)  # E: `lax.switch` calls `pair_branch` with 1 positional argument(s), but it takes 2  [jaxcheck-callback]
lax.switch(0, (lambda: x, branch), x)  # E: `lax.switch` calls `<lambda>` with 1 positional argument(s), but it takes 0  [jaxcheck-callback]
lax.map(branch, x)
lax.map(lambda row, scale=2.0: row * scale, x)
lax.map(pair_branch, x)  # E: `lax.map` calls `pair_branch` with 1 positional argument(s), but it takes 2  [jaxcheck-callback]
lax.cond(True, branch, branch, operand=x)
lax.cond(True, branch, pair_branch, operand=x)  # E: `lax.cond` calls `pair_branch` with 1 positional argument(s), but it takes 2  [jaxcheck-callback]
lax.switch(0, [branch, branch], operand=x)
lax.switch(0, [branch, pair_branch], operand=x)  # E: `lax.switch` calls `pair_branch` with 1 positional argument(s), but it takes 2  [jaxcheck-callback]
lax.cond(True, x, branch, x, lambda v: v - 1)  # E: Argument 2 to "cond" has incompatible type "Array"; expected "Callable[..., Any]"  [arg-type]
lax.cond(True, (x, x), lambda pair: pair[0], (x, x), lambda pair: pair[1])  # E: Argument 2 to "cond" has incompatible type "tuple[Array, Array]"; expected "Callable[..., Any]"  [arg-type]
lax.cond(True, x, branch, x, pair_branch)  # E: `lax.cond` calls `pair_branch` with 1 positional argument(s), but it takes 2  [jaxcheck-callback]  # E: Argument 2 to "cond" has incompatible type "Array"; expected "Callable[..., Any]"  [arg-type]
