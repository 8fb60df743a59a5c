"""Learning-rate schedule consumed with next() inside a fori_loop body.

Source: https://devgem.io/posts/understanding-jax-tracing-and-control-flow
The post (from a Stack Overflow question on the JAX "pure functions" docs)
contrasts `lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0)`, which
returns 0 instead of 45, with a Python `for` loop under jit that happens to
work because it is unrolled: the fori_loop body is traced once, so the
iterator is advanced once and its first value becomes a constant. Here an
optimiser pulls its step sizes from a Python iterator inside the loop body.

Observed on jax 0.10.2: 1 of 5 calls
"""
import jax
import jax.numpy as jnp


def make_schedule():
    return iter([0.5, 0.25, 0.125, 0.0625, 0.03125])


def descend(x0, schedule, n_steps):
    def body(i, x):
        lr = next(schedule)  # expect: JAX107
        return x - lr * 2.0 * x

    return jax.lax.fori_loop(0, n_steps, body, x0)


def run():
    schedule = make_schedule()
    descend(jnp.ones(2), schedule, 5)
    return 5 - len(list(schedule))
