"""Octree point location for FEM field interpolation (particle-tracing research code). The
jitted `interpolate_octree_optimized` walks the octree "up to max_depth levels" and then checks
every candidate element of the reached leaf. Both loops are written as lax primitives: the depth
walk is `jax.lax.fori_loop(0, max_depth, traverse_step, ...)` (max_depth is even a traced int,
which fori_loop accepts) and the candidate check is a `jax.lax.scan` over the leaf's element
list, so nothing is unrolled at trace time and the function compiles once for any depth.

Source: https://github.com/ARHashemi/JAXTrace/blob/3bbf532b7ab5ee1d8d3196b4721224b4cb6f1994/jaxtrace/fields/octree_fem_interpolator_optimized.py#L253-L380
Observed on jax 0.10.x: interpolate_octree_optimized compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def interpolate_octree_optimized(query_point, element_bounds, element_values,
                                 nodes_min, nodes_max, nodes_elements,
                                 nodes_children, nodes_is_leaf, max_depth: int):
    def traverse_step(i, node_idx):
        is_leaf = nodes_is_leaf[node_idx]

        def continue_traverse():
            center = (nodes_min[node_idx] + nodes_max[node_idx]) / 2.0
            octant = jnp.int32(0)
            octant = jnp.where(query_point[0] >= center[0], octant + 1, octant)
            octant = jnp.where(query_point[1] >= center[1], octant + 2, octant)
            octant = jnp.where(query_point[2] >= center[2], octant + 4, octant)
            child_idx = nodes_children[node_idx, octant]
            return jnp.where(child_idx >= 0, child_idx, node_idx)

        return jax.lax.cond(is_leaf, lambda: node_idx, continue_traverse)

    node_idx = jax.lax.fori_loop(0, max_depth, traverse_step, jnp.int32(0))
    candidate_elements = nodes_elements[node_idx]

    def check_element(carry, elem_idx):
        found_prev, value_prev = carry
        is_valid = elem_idx >= 0
        lo, hi = element_bounds[elem_idx, 0], element_bounds[elem_idx, 1]
        inside = is_valid & jnp.all(query_point >= lo) & jnp.all(query_point <= hi)
        found = found_prev | inside
        value = jnp.where(found_prev, value_prev, jnp.where(inside, element_values[elem_idx], value_prev))
        return (found, value), None

    (found, value), _ = jax.lax.scan(check_element, (jnp.array(False), jnp.float32(0.0)), candidate_elements)
    return jnp.where(found, value, jnp.float32(-1.0))


def run():
    # root (0) with 8 leaf children (1..8), one box element per leaf
    corners = jnp.array([[x, y, z] for z in (0., .5) for y in (0., .5) for x in (0., .5)])
    nodes_min = jnp.concatenate([jnp.zeros((1, 3)), corners])
    nodes_max = nodes_min + jnp.concatenate([jnp.ones((1, 3)), 0.5 * jnp.ones((8, 3))])
    nodes_children = jnp.concatenate([jnp.arange(1, 9)[None], -jnp.ones((8, 8), jnp.int32)]).astype(jnp.int32)
    nodes_is_leaf = jnp.array([False] + [True] * 8)
    nodes_elements = jnp.concatenate([-jnp.ones((1, 2), jnp.int32),
                                      jnp.stack([jnp.arange(8), -jnp.ones(8, jnp.int32)], 1)]).astype(jnp.int32)
    element_bounds = jnp.stack([corners, corners + 0.5], axis=1)
    element_values = jnp.arange(8, dtype=jnp.float32)
    out = []
    for q, depth in ((jnp.array([0.7, 0.2, 0.1]), 12), (jnp.array([0.1, 0.9, 0.9]), 4)):
        out.append(float(interpolate_octree_optimized(q, element_bounds, element_values, nodes_min, nodes_max,
                                                      nodes_elements, nodes_children, nodes_is_leaf, depth)))
    return out


if __name__ == "__main__":
    print(run())
