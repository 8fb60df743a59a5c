"""The same probes on every supported jax: each either runs or raises, and a type checker with the
stubs generated for that jax must flag exactly the ones that raise.

Run as a script, it prints each probe's outcome on the jax at hand as JSON.
"""

# flake8: noqa  (input to type checkers)

import json
import sys
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

x = jnp.arange(3.0)


def scale(x: jax.Array, n: int = 1) -> jax.Array:
    return x * n


def probe_typeof() -> None:
    jax.typeof(x)


def probe_shard_map() -> None:
    jax.shard_map


def probe_make_mesh() -> None:
    jax.make_mesh


def probe_enable_x64() -> None:
    jax.enable_x64


def probe_ffi() -> None:
    jax.ffi.ffi_call


def probe_new_ref() -> None:
    jax.new_ref


def probe_tree_map() -> None:
    jax.tree.map(lambda leaf: leaf, x)


def probe_dot_product_attention() -> None:
    jax.nn.dot_product_attention


def probe_checkpoint_static_argnames() -> None:
    jax.checkpoint(scale, static_argnames="n")(x, 2)


def probe_jit_decorator_factory() -> None:
    jax.jit(static_argnums=1)(scale)(x, 2)


def probe_jit_abstracted_axes() -> None:
    jax.jit(scale, abstracted_axes=None)(x)


def probe_jit_compiler_options() -> None:
    jax.jit(scale, compiler_options={})(x)


def probe_pmap_global_arg_shapes() -> None:
    jax.pmap(scale, global_arg_shapes=None)


def probe_partial_jit() -> None:
    partial(jax.jit, static_argnums=1)(scale)(x, 2)


def probe_grad_wrong_arity() -> None:
    jax.grad(lambda v: jnp.sum(v))(x, x)


def probe_jit_wrong_argument() -> None:
    jax.jit(scale)(x, n="2")  # jax hands "2" to `x * n`: a TypeError while tracing


def probe_host_callback() -> None:
    import jax.experimental.host_callback


def probe_jit_takes_a_numpy_array() -> None:
    jax.jit(scale)(np.ones(3), 2)


def probe_grad_takes_a_float() -> None:
    jax.grad(lambda v: jnp.sum(scale(v)))(1.0)
    jax.grad(scale_sum)(1.0)


def probe_jit_keeps_overloads() -> None:
    jax.jit(jnp.linspace, static_argnames=("num", "retstep"))(0.0, 1.0, 5, retstep=True)[1].shape


def scale_sum(x: jax.Array) -> jax.Array:
    return jnp.sum(x * 2)


if __name__ == "__main__":
    outcomes = {}
    for name, probe in list(globals().items()):
        if name.startswith("probe_"):
            try:
                probe()
                outcomes[name] = "runs"
            except Exception as error:  # the probe's outcome is what is measured
                outcomes[name] = f"raises {type(error).__name__}"
    json.dump({"jax": jax.__version__, "outcomes": outcomes}, sys.stdout)
