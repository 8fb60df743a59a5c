import numpy as np

ACTIVATIONS = {}


def record(name, hidden):
    ACTIVATIONS[name] = np.asarray(hidden)  # expect: JAX203
    return hidden
