"""NeRF train step casts rays on device (``cast_rays_in_train_step=True``);
the NDC conversion helper still calls NumPy on the traced ray directions.

Source: https://github.com/google-research/multinerf/commit/51b6573
"Fix TracerArrayConversionError when Config.cast_rays_in_train_step=True":
``convert_to_ndc`` built ``infinity_ndc = np.stack([...])`` and
``pixels_to_rays`` called ``convert_to_ndc(...)`` without forwarding
``xnp=xnp``, so inside the jitted step NumPy received tracers.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp

import camera_utils


def render_loss(params, origins, directions):
    pts = origins + params["t"] * directions
    return jnp.mean(pts**2)


@jax.jit
def train_step(params, pix_x, pix_y, pixtocam, camtoworld, pixtocam_ndc):
    origins, directions = camera_utils.pixels_to_rays(
        pix_x, pix_y, pixtocam, camtoworld, pixtocam_ndc=pixtocam_ndc, xnp=jnp)
    loss, grads = jax.value_and_grad(render_loss)(params, origins, directions)
    return {"t": params["t"] - 0.1 * grads["t"]}, loss


def run():
    pix_x, pix_y = jnp.meshgrid(jnp.arange(4.0), jnp.arange(3.0))
    pixtocam = jnp.array([[0.1, 0.0, -0.2], [0.0, -0.1, 0.15], [0.0, 0.0, -1.0]])
    camtoworld = jnp.eye(4)[:3]
    pixtocam_ndc = jnp.array([[0.5, 0.0, -1.0], [0.0, 0.5, -1.0], [0.0, 0.0, 1.0]])
    return train_step({"t": jnp.float32(1.0)}, pix_x, pix_y, pixtocam, camtoworld, pixtocam_ndc)
