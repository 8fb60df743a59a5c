"""MNIST MLP with input "fuzzing": one fixed-seed key is made before training
(`rng_key = random.PRNGKey(42)`) and, inside the batch loop, the script does
`rng_key, subkey = random.split(rng_key)` before `add_noise(x, noise_std, subkey)`, so each batch gets
fresh Gaussian noise while the whole run stays reproducible. run() counts consecutive batches whose
noise was identical (none).

Source: https://github.com/WilliamZhang20/ML-in-JAX/blob/59c51b2051bf1effdd603addd7a767e3438af134/mnist_nn.py#L83
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax.numpy as jnp
import numpy as np
from jax import random

from train_utils import add_noise

num_epochs = 2
initial_noise_std = 0.05
final_noise_std = 0.01


def run():
    rng_key = random.PRNGKey(42)  # Fixed seed for reproducibility
    batches = [np.ones((4, 16), dtype=np.float32) for _ in range(2)]
    previous, same = None, 0
    for epoch in range(num_epochs):
        noise_std = initial_noise_std * (final_noise_std / initial_noise_std) ** (epoch / num_epochs)
        for x in batches:
            x = jnp.array(x)
            # Generate a new key for each batch to ensure different noise
            rng_key, subkey = random.split(rng_key)
            x_noisy = add_noise(x, noise_std, subkey)
            noise = (x_noisy - x) / noise_std
            if previous is not None:
                same += int(jnp.allclose(noise, previous))
            previous = noise
    return same
