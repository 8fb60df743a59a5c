"""Meta-learning NeRF inner step with the model and sample count static (fixed).

Source: https://github.com/codestella/putting-nerf-on-a-diet/pull/11
What happened: putting-nerf-on-a-diet's `single_step(rng, image, rays, params, bds,
inner_step_size, N_samples, model)` was decorated with a bare `@jit`, so the flax module
and the sample count (used by `np.linspace(near, far, N_samples)`) were traced.  PR #11
kept the undecorated `single_step_wojit` and bound
`single_step = jit(single_step_wojit, static_argnums=[6, 7])`.  Same renderer and step as
the hazard with that binding; the hashable model object and the int are static.

Observed on jax 0.10.2: single_step_wojit compiled 1 times
"""
import jax
import jax.numpy as np
from jax import jit, random


class NeRFMLP:
    def __init__(self, width=16, depth=2):
        self.width = width
        self.depth = depth

    def init(self, key, in_dim=3):
        keys = jax.random.split(key, self.depth + 1)
        dims = [in_dim] + [self.width] * self.depth
        layers = [0.3 * jax.random.normal(k, (a, b)) for k, a, b in zip(keys, dims[:-1], dims[1:])]
        return {"hidden": layers, "out": 0.3 * jax.random.normal(keys[-1], (self.width, 4))}

    def apply(self, params, x):
        for w in params["hidden"]:
            x = jax.nn.relu(x @ w)
        return x @ params["out"]


def render_rays(rnd_input, model, params, rays, near, far, N_samples, rand=False):
    rays_o, rays_d = rays
    z_vals = np.linspace(near, far, N_samples)
    if rand:
        z_vals += random.uniform(rnd_input, shape=list(rays_o.shape[:-1]) + [N_samples]) * (far - near) / N_samples
    pts = rays_o[..., None, :] + rays_d[..., None, :] * z_vals[..., :, None]
    raw = model.apply(params, np.reshape(pts, [-1, 3]))
    raw = np.reshape(raw, list(pts.shape[:-1]) + [4])
    rgb, sigma_a = jax.nn.sigmoid(raw[..., :3]), jax.nn.relu(raw[..., 3])
    dists = np.concatenate([z_vals[..., 1:] - z_vals[..., :-1],
                            np.broadcast_to(1e10, z_vals[..., :1].shape)], -1)
    alpha = 1.0 - np.exp(-sigma_a * dists)
    trans = np.concatenate([np.ones_like(alpha[..., :1]), 1.0 - alpha[..., :-1] + 1e-10], -1)
    weights = alpha * np.cumprod(trans, -1)
    return np.sum(weights[..., None] * rgb, -2)


def mse_fn(x, y):
    return np.mean((x - y) ** 2)


def single_step_wojit(rng, image, rays, params, bds, inner_step_size, N_samples, model):
    def sgd(param, update):
        return param - inner_step_size * update

    rng, rng_inputs = jax.random.split(rng)

    def loss_model(params):
        g = render_rays(rng_inputs, model, params, rays, bds[0], bds[1], N_samples, rand=True)
        return mse_fn(g, image)

    model_loss, grad = jax.value_and_grad(loss_model)(params)
    new_params = jax.tree_util.tree_map(sgd, params, grad)
    return rng, new_params, model_loss


# nn.linen.Module is not jittable
single_step = jit(single_step_wojit, static_argnums=[6, 7])


def run():
    model = NeRFMLP()
    params = model.init(jax.random.PRNGKey(0))
    rays = (np.zeros((8, 3)), np.tile(np.array([0.0, 0.0, 1.0]), (8, 1)))
    image = np.full((8, 3), 0.5)
    bds = np.array([2.0, 6.0])
    rng = jax.random.PRNGKey(1)
    for _ in range(3):
        rng, params, loss = single_step(rng, image, rays, params, bds, 0.1, 16, model)
    return float(loss)


if __name__ == "__main__":
    print(run())
