"""Symbolic architecture search for differential equations (paper code, SASDE). The dataset
helper `gen_analytical_dataset(subkey, x_bounds, k_bounds, y_func)` draws the collocation points
`xs` and the equation parameters `ks` with two calls to `gen_dataset` that both receive the same
`subkey`. Both are `random.uniform` of the same shape from the same key, so `ks` is just an affine
image of `xs`: every sampled (x, k) pair lies on one line instead of covering the rectangle.
run() builds three datasets from fresh subkeys and counts those whose xs and ks are perfectly
correlated.

Source: https://github.com/PauliusSasnauskas/sasde/blob/c95193407a68cb085e21de6d7144627e8fb7b119/util/dataset.py#L15-L20
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax.numpy as np
from jax import random

from dataset import gen_analytical_dataset


def run():
    key = random.PRNGKey(0)
    x_bounds, k_bounds = (0.0, 1.0), (2.0, 5.0)
    correlated = 0
    for _ in range(3):
        key, subkey = random.split(key)
        captured = {}

        def y_func(xs, ks):
            captured['xs'], captured['ks'] = xs, ks
            return np.exp(-ks * xs)

        gen_analytical_dataset(subkey, x_bounds, k_bounds, y_func, size=64)
        ux = (captured['xs'] - x_bounds[0]) / (x_bounds[1] - x_bounds[0])
        uk = (captured['ks'] - k_bounds[0]) / (k_bounds[1] - k_bounds[0])
        correlated += int(np.allclose(ux, uk, atol=1e-5))
    return correlated


if __name__ == "__main__":
    print(run())
