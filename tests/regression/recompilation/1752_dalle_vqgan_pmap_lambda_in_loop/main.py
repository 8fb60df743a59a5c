"""dalle-mini's VQGAN encoding notebook encodes the YFCC100M subset superbatch by superbatch.
Inside the loop it wrote `encoded = pmap(lambda batch: encode(model, batch))(superbatch)`:
a fresh lambda is transformed on every iteration, so the cached executable is never reused and
every superbatch pays for tracing and compiling again (16 superbatches took 3m38s). Moving the
transformed function out of the loop (`p_encoder = pmap(...)` once) brought it to 41s.

Source: https://github.com/borisdayma/dalle-mini/commit/4b8c3a87758bfeba53ec8331c0e41a74181a0731
Observed on jax 0.10.x: runs
"""
import jax
import numpy as np
from jax import pmap

from vqgan import VQModel, encode


def superbatches(n, n_devices, per_device=2, size=16, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        yield rng.random((n_devices, per_device, size, size, 3), dtype=np.float32)


def encode_dataset(model, n_superbatches):
    all_indices = []
    for superbatch in superbatches(n_superbatches, jax.local_device_count()):
        encoded = pmap(lambda batch: encode(model, batch))(superbatch)  # expect: JAX401
        all_indices.append(np.asarray(encoded).reshape(-1, encoded.shape[-1]))
    return np.concatenate(all_indices)


def run():
    model = VQModel(jax.random.PRNGKey(0))
    codes = encode_dataset(model, 4)
    return int(codes.shape[0])
