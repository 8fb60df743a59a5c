import jax
import jax.numpy as jnp


class Scene:
    def __init__(self, amplitude, center):
        self.params = {"amplitude": amplitude, "center": center}

    def render(self, params, grid):
        return params["amplitude"] * jnp.exp(-0.5 * (grid - params["center"]) ** 2)

    def fit(self, observation, grid, max_iter=3, lr=0.1):
        def _loss(params):
            return jnp.sum((self.render(params, grid) - observation.data) ** 2 / observation.weights)

        @jax.jit
        def _make_step(params):
            g = jax.grad(_loss)(params)
            return jax.tree_util.tree_map(lambda p, gi: p - lr * gi, params, g)

        params = self.params
        for _ in range(max_iter):
            params = _make_step(params)  # expect: JAX401,JAX402,JAX407
        self.params = params
        return params
