import jax.numpy as jnp

from render import render_rays


def make_render_args(mesh_bounds, resolution=16, num_samples=32):
    # bounds come from the mesh as arrays; packed into a list with the ints
    corners = [jnp.asarray(mesh_bounds[0]), jnp.asarray(mesh_bounds[1])]
    return [corners, resolution, num_samples]


def run_training(params, ab, mesh_bounds):
    render_args_lr = make_render_args(mesh_bounds)
    return render_rays(params, ab, *render_args_lr)  # expect: JAX302
