"""pgx's notes on speeding things up with `jax.jit` (issue #5, in Japanese): `if` on an argument,
a `for` whose length is an argument, and indexing with an argument do not compile, but
`jax.lax.cond` (with `&`/`|` instead of `and`/`or`) and a `for` over a fixed `range(8)` are fine.
This is the board-game step written that way: the loop bound is a constant and every branch on
traced data goes through `lax.cond`.

Source: https://github.com/sotetsuk/pgx/issues/5
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def count_stones(board):
    s = 0
    for i in range(8):
        s += jnp.sum(board[i] == 1)
    return s


@jax.jit
def step(board, x):
    x = jax.lax.cond(
        (x % 2 == 0) & (x % 3 == 0),
        lambda: x ** 2,
        lambda: x,
    )
    y = jax.lax.cond(
        x > 0,  # cond
        lambda: x ** 2,  # if true
        lambda: x,  # if false
    )
    return board.at[y % 8, x % 8].set(1), count_stones(board)


def run():
    board = jnp.zeros((8, 8), dtype=jnp.int32)
    for x in range(4):
        board, n = step(board, jnp.asarray(x))
