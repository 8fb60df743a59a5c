"""recovar computes per-image embeddings (and covariance terms) by streaming the
particle stack through a jitted per-batch kernel. The dataset generator yields
batches of ``batch_size`` images, but the stack size is not a multiple of it,
so the final batch is smaller: ``compute_batch_coords`` sees a new leading
dimension and is compiled a second time just for that tail batch (the
maintainers' issue proposes padding the last batch to full size).

Source: https://github.com/ma-gilles/recovar/issues/28
Observed on jax 0.10.x: compute_batch_coords compiled 2 times
"""
import jax.numpy as jnp
import numpy as np

from dataset import CryoEMDataset
from embedding import compute_batch_coords


def get_coords_in_basis(dataset, mean, u, noise_variance, batch_size):
    coords = np.zeros((dataset.n_images, u.shape[-1]), dtype=np.float32)
    for images, ctf_params, indices in dataset.get_dataset_generator(batch_size=batch_size):
        batch_coords = compute_batch_coords(images, ctf_params, mean, u, noise_variance)  # expect: JAX404
        coords[indices] = np.asarray(batch_coords)
    return coords


def run():
    dataset = CryoEMDataset(n_images=1000, grid_size=8)
    n_pix = 64
    mean = jnp.zeros(n_pix)
    u = jnp.linalg.qr(jnp.asarray(np.random.default_rng(1).standard_normal((n_pix, 4))))[0]
    for _ in range(2):   # two passes: the ragged tail recompiles only once, then hits the cache
        get_coords_in_basis(dataset, mean, u, 1.0, batch_size=128)
