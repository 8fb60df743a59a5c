import equinox as eqx
import jax.numpy as jnp
import numpy as np


class Primitive(eqx.Module):
    center: jnp.ndarray
    alpha: jnp.ndarray

    def __hash__(self) -> int:
        values = []
        for k, v in vars(self).items():
            if k.startswith("__") or v is None:
                continue
            values.append(np.asarray(v).tobytes())
        return hash(b"".join(values))
