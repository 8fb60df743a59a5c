"""Meta-learning NeRF inner step jitted without static model / sample count.

Source: https://github.com/codestella/putting-nerf-on-a-diet/pull/11
What happened: in putting-nerf-on-a-diet (JAX/Flax DietNeRF) `src/step_utils.py` defined
`@jit def single_step(rng, image, rays, params, bds, inner_step_size, N_samples, model)`.
`model` is a `flax.linen.Module` (not a valid JAX type) and `N_samples` feeds
`np.linspace(near, far, N_samples)` inside `render_rays`, so the jitted step failed with an
"invalid JAX type" error for the module (and a concretization error for the sample count).
PR #11 "Fix invalid Jax Type on single_step" renamed the function `single_step_wojit` and
bound `single_step = jit(single_step_wojit, static_argnums=[6, 7])` ("nn.linen.Module is
not jittable").  Here the model class, the renderer/step module and the training driver are
split as in the repository; the model object is a plain (non-pytree) class.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp

from model import NeRFMLP
from step_utils import single_step


def run():
    model = NeRFMLP()
    params = model.init(jax.random.PRNGKey(0))
    rays_o = jnp.zeros((8, 3))
    rays_d = jnp.tile(jnp.array([0.0, 0.0, 1.0]), (8, 1))
    image = jnp.full((8, 3), 0.5)
    bds = jnp.array([2.0, 6.0])
    rng = jax.random.PRNGKey(1)
    rng, params, loss = single_step(rng, image, (rays_o, rays_d), params, bds, 0.1, 16, model)  # expect: JAX306
    return float(loss)


if __name__ == "__main__":
    print(run())
