"""Where JAX defines its public names: the spelling a type checker reports, mapped back."""

from __future__ import annotations

from .arrays import JAX_NUMPY_SCALAR_TYPES

# Where JAX defines its public names: the spelling a type checker reports.
DEFINITION_SPELLINGS: dict[str, str] = {
    "jax._src.api.jit": "jax.jit",
    "jax._src.pjit.pjit": "jax.experimental.pjit.pjit",
    "jax._src.pmap.pmap": "jax.pmap",
    "jax._src.api.pmap": "jax.pmap",  # jax before 0.7
    "jax._src.api.grad": "jax.grad",
    "jax._src.api.value_and_grad": "jax.value_and_grad",
    "jax._src.api.jacfwd": "jax.jacfwd",
    "jax._src.api.jacrev": "jax.jacrev",
    "jax._src.api.jacobian": "jax.jacobian",
    "jax._src.api.hessian": "jax.hessian",
    "jax._src.api.vmap": "jax.vmap",
    "jax._src.ad_checkpoint.checkpoint": "jax.checkpoint",
    "jax._src.ad_checkpoint.remat": "jax.remat",
    "jax._src.custom_derivatives.custom_jvp": "jax.custom_jvp",
    "jax._src.custom_derivatives.custom_vjp": "jax.custom_vjp",
    "jax._src.basearray.Array": "jax.Array",
    "equinox._jit.filter_jit": "equinox.filter_jit",
    "flax.nnx.transforms.compilation.jit": "flax.nnx.jit",
    "jax._src.lax.control_flow.loops.fori_loop": "jax.lax.fori_loop",
    "jax._src.lax.control_flow.conditionals.cond": "jax.lax.cond",
    "numpyro.infer.hmc.NUTS": "numpyro.infer.NUTS",
    "numpyro.infer.hmc.HMC": "numpyro.infer.HMC",
    "numpyro.infer.util.Predictive": "numpyro.infer.Predictive",
    "numpyro.primitives.sample": "numpyro.sample",
    "numpyro.primitives.param": "numpyro.param",
    "jax._src.lax.control_flow.conditionals.switch": "jax.lax.switch",
    "jax._src.lax.control_flow.loops.map": "jax.lax.map",
    # jax.numpy's scalar types, where jax 0.10 and jax 0.4 define them.
    **{
        f"jax._src.numpy.{module}.{name}": f"jax.numpy.{name}"
        for module in ("scalar_types", "lax_numpy")
        for name in JAX_NUMPY_SCALAR_TYPES
    },
}


def canonical(name: str) -> str:
    """The public spelling of ``name`` (a definition spelling maps back; others are unchanged)."""
    return DEFINITION_SPELLINGS.get(name, name)
