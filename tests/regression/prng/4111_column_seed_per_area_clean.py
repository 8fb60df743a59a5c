"""A cortical-column network builder places the neurons of each brain area at random 3-D
positions.  Inside the loop over areas it builds a key from a constant config seed,
`jax.random.PRNGKey(seed + 1009 * (area_idx + 1))`, which at first sight looks like a
key rebuilt from an unchanged seed every iteration.  The seed expression changes with
the loop index, so each area gets its own key (then split into x/y/z keys), and the
positions of different areas are independent.  Correct look-alike.

Source: https://github.com/HNXJ/jaxfne/blob/0bb8711970a099545253bfcabc8ef9325d6c1706/jaxfne/core.py#L302-L321
Observed on jax 0.10.x: 0 of 2 calls
"""
import jax
import jax.numpy as jnp


def neuron_population_from_config(columns, metadata):
    seed = int(metadata.get("seed", 0))
    radius = float(metadata.get("column_radius_mm", 0.25))
    height = float(metadata.get("column_height_mm", 1.60))
    position_chunks = []
    for area_idx, column in enumerate(columns):
        n_col = int(column.get("n", 0))
        if n_col <= 0:
            continue
        key = jax.random.PRNGKey(seed + 1009 * (area_idx + 1))
        x_key, y_key, z_key = jax.random.split(key, 3)
        x = jax.random.uniform(x_key, (n_col,), minval=-radius, maxval=radius)
        y = jax.random.uniform(y_key, (n_col,), minval=-radius, maxval=radius)
        z = jax.random.uniform(z_key, (n_col,), minval=0.0, maxval=height)
        position_chunks.append(jnp.stack([x, y, z], axis=1))
    return position_chunks


def run():
    columns = [{"name": "V1", "n": 8}, {"name": "V4", "n": 8}, {"name": "PFC", "n": 8}]
    chunks = neuron_population_from_config(columns, {"seed": 7})
    return sum(int(jnp.allclose(a, b)) for a, b in zip(chunks, chunks[1:]))
