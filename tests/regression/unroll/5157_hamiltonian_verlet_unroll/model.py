import numpy as np
import jax
from jax import numpy as jnp


def init_hamiltonian_parameters(dim, n_class, n_steps=8):
    """Initialise parameters of Hamiltonian model"""
    params = dict(
        K=np.random.normal(size=(n_steps, dim, dim)) * np.sqrt(2 / dim),
        b=np.ones(shape=(n_steps,)),
        classification=dict(
            weights=np.random.normal(size=(dim, n_class)) * np.sqrt(2 / dim),
            biases=np.ones(shape=(n_class,)),
        ),
    )
    return params


def hamiltonian_model(params, x, n_steps=8):
    """Hamiltonian model for classification: Verlet integration of x_0 = x for n_steps steps"""
    h = 20.0 / n_steps
    K, b = params["K"], params["b"]
    activation = jax.nn.sigmoid
    p = -0.5 * h * activation(x @ K[0, :, :] + b[0]) @ K[0, :, :].T
    for j in range(n_steps):  # expect: JAX407
        x += h * activation(p @ K[j, :, :] + b[j]) @ K[j, :, :].T
        if j < n_steps - 1:
            p -= h * activation(x @ K[j + 1, :, :] + b[j + 1]) @ K[j + 1, :, :].T
    K, b = (
        params["classification"]["weights"],
        params["classification"]["biases"],
    )
    return p @ K + b


def hamiltonian_regulariser(params, alpha=1.0e-3):
    n_steps = float(params["K"].shape[0])
    h = 20.0 / n_steps
    R = lambda A: 0.5 * h * jnp.sum((A[1:, ...] - A[:-1, ...]) ** 2)
    return alpha * (R(params["K"]) + R(params["b"]))
