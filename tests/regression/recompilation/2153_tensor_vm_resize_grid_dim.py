"""tensorf-jax upsamples its vector-matrix decomposition during training: at each step in
`upsamp_iters` the loop calls `train_state.resize_grid(new_grid_dim=...)`, which calls the
jitted `TensorVMSingle.resize(self, grid_dim: jdc.Static[int])`. The grid dimension is a
static argument that changes with the loop (128 -> 150 -> ... -> 300), so resize is
traced and compiled again at every upsampling step (and training_step as well, since the
parameter shapes change).

Source: https://github.com/brentyi/tensorf-jax/blob/cbfa324d54d379ba20b8fdb28b720945c5414723/tensorf/tensor_vm.py#L183
Observed on jax 0.10.x: resize compiled 4 times
"""
import functools
from typing import Tuple

import jax
import jax.numpy as jnp


def resize_with_aligned_corners(image, shape: Tuple[int, ...], method, antialias: bool):
    spatial_dims = tuple(i for i in range(len(shape)) if image.shape[i] != shape[i])
    scale = jnp.array([(shape[i] - 1.0) / (image.shape[i] - 1.0) for i in spatial_dims])
    translation = -(scale / 2.0 - 0.5)
    return jax.image.scale_and_translate(
        image, shape, method=method, scale=scale, spatial_dims=spatial_dims,
        translation=translation, antialias=antialias,
    )


@functools.partial(jax.jit, static_argnames=("grid_dim",))
def resize(matrix, vector, grid_dim: int):
    """Resize our decomposition, while interpolating linearly."""
    channel_dim = matrix.shape[-3]
    return (
        resize_with_aligned_corners(matrix, (channel_dim, grid_dim, grid_dim), "linear", True),
        resize_with_aligned_corners(vector, (channel_dim, grid_dim), "linear", True),
    )


def run():
    grid_dim_init, grid_dim_final = 8, 20
    upsamp_iters = (20, 30, 40, 55)
    matrix = jnp.ones((4, grid_dim_init, grid_dim_init))
    vector = jnp.ones((4, grid_dim_init))
    for train_step in range(60):
        if train_step in upsamp_iters:
            upsamp_index = upsamp_iters.index(train_step)
            new_grid_dim = int(
                grid_dim_init + (grid_dim_final - grid_dim_init) * ((upsamp_index + 1) / len(upsamp_iters))
            )
            matrix, vector = resize(matrix, vector, grid_dim=new_grid_dim)  # expect: JAX403
    assert matrix.shape == (4, grid_dim_final, grid_dim_final)
