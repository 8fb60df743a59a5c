"""Ray helpers shared by the dataset pipeline (NumPy) and the train step (JAX)."""
import numpy as np


def convert_to_ndc(origins, directions, pixtocam, near: float = 1.0, xnp=np):
    """Converts a set of rays to normalized device coordinates (NDC)."""
    t = -(near + origins[..., 2]) / directions[..., 2]
    origins = origins + t[..., None] * directions

    dx, dy, dz = xnp.moveaxis(directions, -1, 0)
    ox, oy, oz = xnp.moveaxis(origins, -1, 0)

    xmult = 1.0 / pixtocam[0, 2]
    ymult = 1.0 / pixtocam[1, 2]

    origins_ndc = xnp.stack([xmult * ox / oz, ymult * oy / oz, -xnp.ones_like(oz)], axis=-1)  # expect: JAX203
    infinity_ndc = np.stack([xmult * dx / dz, ymult * dy / dz, xnp.ones_like(oz)], axis=-1)  # expect: JAX203
    directions_ndc = infinity_ndc - origins_ndc
    return origins_ndc, directions_ndc


def pixels_to_rays(pix_x, pix_y, pixtocam, camtoworld, pixtocam_ndc=None, xnp=np):
    pixel_dirs = xnp.stack([pix_x + 0.5, pix_y + 0.5, xnp.ones_like(pix_x)], axis=-1)
    camera_dirs = (pixtocam @ pixel_dirs[..., None])[..., 0]
    directions = (camtoworld[:3, :3] @ camera_dirs[..., None])[..., 0]
    origins = xnp.broadcast_to(camtoworld[:3, -1], directions.shape)
    if pixtocam_ndc is not None:
        origins, directions = convert_to_ndc(origins, directions, pixtocam_ndc)
    return origins, directions
