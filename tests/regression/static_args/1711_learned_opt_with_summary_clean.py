"""learned_optimization's summary tutorial defines `loss(parameters)` and stacks
`@functools.partial(jax.jit, static_argnames="with_summary")` on top of
`@summary.add_with_summary`. `with_summary` is not a parameter of the `def` you can see,
but the inner decorator returns a wrapper whose signature adds a keyword-only
`with_summary: bool` (and an extra metrics return), so the static name is real and the
bool is hashable: `loss(1., with_summary=False)` and `loss(1., with_summary=True)` compile
once each and run.

Source: https://github.com/google/learned_optimization/blob/32186aa46a96f26ba0625755f93c55659adcd523/docs/notebooks/summary_tutorial.py
Observed on jax 0.10.x: loss compiled 2 times
"""
import functools

import jax
import jax.numpy as jnp


def add_with_summary(fn):
    @functools.wraps(fn)
    def _fn(*args, with_summary: bool = False, **kwargs):
        out = fn(*args, **kwargs)
        metrics = {"mean||to_look_at": jnp.mean(out)} if with_summary else {}
        return out, metrics

    del _fn.__wrapped__  # jit must see the wrapper's own signature
    return _fn


def layer(params):
    return params * 2


@functools.partial(jax.jit, static_argnames="with_summary")
@add_with_summary
def loss(parameters):
    return jnp.mean(layer(layer(parameters)) ** 2)


def run():
    for step in range(4):
        res, metrics = loss(1.0 + step, with_summary=(step % 2 == 1))
    return None
