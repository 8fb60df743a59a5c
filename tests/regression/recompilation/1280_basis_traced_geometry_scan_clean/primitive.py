import equinox as eqx
import jax.numpy as jnp


class Primitive(eqx.Module):
    center: jnp.ndarray
    alpha: jnp.ndarray
