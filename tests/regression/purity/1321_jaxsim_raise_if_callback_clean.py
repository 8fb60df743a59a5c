"""jaxsim PR #181 added a helper to raise exceptions from jit-compiled functions: the Python
`raise` lives inside a host callback that only runs at execution time, and the callback is put
in a `lax.cond` branch so it is triggered only when the (traced) condition holds. The condition
is re-checked inside the callback because JAX traces both branches. No Python exception is raised
on a traced value at trace time.

Source: https://github.com/gbionics/jaxsim/pull/181
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def raise_if(condition, exception, msg, *args):
    def _raise_exception(condition, *args):
        if condition:
            raise exception(msg.format(*args))

    def _callback(args):
        jax.debug.callback(_raise_exception, condition, *args)

    jax.lax.cond(condition, _callback, lambda args: None, args)


def raise_value_error_if(condition, msg, *args):
    return raise_if(condition, ValueError, msg, *args)


@jax.jit
def link_transform(link_index, transforms):
    raise_value_error_if(
        jnp.logical_or(link_index < 0, link_index >= transforms.shape[0]),
        "Invalid link index '{}'", link_index,
    )
    return transforms[link_index]


def run():
    transforms = jnp.tile(jnp.eye(4), (3, 1, 1))
    for idx in range(3):
        link_transform(jnp.asarray(idx), transforms).block_until_ready()
