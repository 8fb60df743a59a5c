import numpy as np


def add_noise(images, scale):
    noise = np.random.normal(size=images.shape).astype(np.float32)  # expect: JAX106
    return images + scale * noise
