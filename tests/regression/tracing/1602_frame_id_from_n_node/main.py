"""deepmd-kit's graph-native forward (pt_expt / dpa1 NeighborGraph) computes, for every flat
node, the frame it belongs to with `frame_id_from_n_node(n_node)`, which starts with
`n_total = int(xp.sum(n_node))`. That is fine eagerly, but the reviewer pointed out it is
not trace-friendly: when the energy model is jitted (or exported) `n_node` is a tracer and
`int()` of it fails. The fix made the total an optional static `n_total` capacity.

Source: https://github.com/deepmodeling/deepmd-kit/pull/5583
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from graph_utils import segment_energy


def atomic_energy(coords, params):
    r = jnp.linalg.norm(coords, axis=-1)
    return params["a"] * jnp.exp(-params["b"] * r)


@jax.jit
def frame_energy(coords, n_node, params):
    e_atom = atomic_energy(coords, params)
    return segment_energy(e_atom, n_node)


def run():
    params = {"a": jnp.float32(1.5), "b": jnp.float32(0.3)}
    n_node = jnp.array([3, 5, 4])
    coords = jax.random.normal(jax.random.PRNGKey(0), (12, 3))
    return frame_energy(coords, n_node, params)
