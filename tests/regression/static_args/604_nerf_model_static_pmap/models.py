import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class NerfModel:
    """Plain (mutable) dataclass model description: eq=True makes it unhashable."""

    num_coarse_samples: int = 8
    netwidth: int = 16
    use_warp: bool = True

    def init_params(self, key):
        k1, k2 = jax.random.split(key)
        return {"w1": jax.random.normal(k1, (3, self.netwidth)) * 0.1,
                "w2": jax.random.normal(k2, (self.netwidth, 4)) * 0.1}

    def apply(self, params, rays):
        h = jnp.tanh(rays @ params["w1"])
        return h @ params["w2"]
