"""Planar HSA robot renderer: inside `draw_robot` a small `@jit` helper `chi2u` maps an SE(2)
pose to integer pixel coordinates with `jnp` only; the host code then converts the result with
`np.asarray(...)` and `int(base_uv[1])` to feed OpenCV. The NumPy conversion and the `int()`
happen on the concrete output of the jitted call, outside any trace, so nothing is concretised
while tracing.

Source: https://github.com/tud-phi/soromox/blob/4f03054aa9c04eaaa7415d3ea622aea31fc4011b/src/soromox/rendering/planar_hsa/opencv_renderer.py#L155
Observed on jax 0.10.x: runs
"""
import numpy as np
import jax.numpy as jnp
from jax import jit, vmap


class OpenCVRenderer:
    def __init__(self, height=64, width=64, lengths=(0.1, 0.1)):
        self.height, self.width = height, width
        self.lengths = jnp.asarray(lengths)
        self.base_position = np.array([0.0, 0.0])

    def draw_robot(self, chiv_ps, base_offsets=None):
        h, w = self.height, self.width
        ppm = h / (2.0 * jnp.sum(self.lengths))
        img = np.full((h, w, 3), 255, dtype=np.uint8)
        uv_robot_origin_jax = jnp.array(np.array([w // 2, int(h * 0.9)], dtype=np.int32))

        @jit
        def chi2u(chi):
            """Map SE(2) pose to pixel coordinates."""
            uv_off = jnp.array((chi[1:] * ppm), dtype=jnp.int32)
            uv_off = uv_off.at[1].set(-uv_off[1])  # invert y
            return uv_robot_origin_jax + uv_off

        batched_chi2u = vmap(chi2u, in_axes=-1, out_axes=0)

        base_xy = self.base_position
        if base_offsets is not None:
            base_xy = base_xy + np.asarray(base_offsets)
        base_uv = np.asarray(chi2u(jnp.array([0.0, base_xy[0], base_xy[1]])))
        img[int(base_uv[1]):, :, :] = 0  # draw base support

        uv_ps = np.asarray(batched_chi2u(chiv_ps))
        for u, v in uv_ps:
            if 0 <= v < h and 0 <= u < w:
                img[int(v), int(u)] = (255, 0, 0)
        return img


def run():
    renderer = OpenCVRenderer()
    s = jnp.linspace(0.0, 0.2, 10)
    chiv_ps = jnp.stack([jnp.zeros_like(s), 0.02 * s, s])
    img = renderer.draw_robot(chiv_ps, base_offsets=(0.01, 0.0))
    return int(img.sum() > 0)
