"""herculens-style noise helpers."""
import jax.numpy as np
from jax import random


def add_background(image, sigma_bkd):
    """
    adds background noise to image
    :param image: pixel values of image
    :param sigma_bkd: background noise (sigma)
    :return: a realisation of Gaussian noise of the same size as image
    """
    # JAX pseudo-random number generator key
    key, subkey = random.split(random.PRNGKey(42))  # expect: JAX503
    background = random.normal(subkey, shape=np.shape(image)) * sigma_bkd
    return background


def add_poisson(image, exp_time):
    sigma = np.sqrt(np.abs(image) / exp_time)
    return sigma
