import jax
import jax.numpy as jnp


class BasePBO:
    """Projected Bellman operator: maps Q-network weights to the next iteration's weights."""

    def __init__(self, q_weights_dim: int, max_bellman_iterations: int, network_key) -> None:
        self.q_weights_dim = q_weights_dim
        self.max_bellman_iterations = max_bellman_iterations
        self.params = {
            "w": jnp.eye(q_weights_dim) + 0.01 * jax.random.normal(network_key, (q_weights_dim, q_weights_dim)),
            "b": jnp.zeros((q_weights_dim,)),
        }

    def __call__(self, pbo_params, q_weights):
        return q_weights @ pbo_params["w"] + pbo_params["b"]
