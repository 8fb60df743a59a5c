"""JaxSim-style model pytree: dynamic state plus a static description field."""
import dataclasses

import jax
import jax.numpy as jnp

from description import CollidablePoints, parse_box_robot


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class PhysicsModel:
    link_masses: jax.Array
    gc: CollidablePoints = dataclasses.field(metadata=dict(static=True))  # expect: JAX301


def build_model(n_links=3):
    return PhysicsModel(link_masses=jnp.ones(n_links), gc=parse_box_robot(n_links))


@jax.jit
def contact_forces(model, heights):
    # penetration of every collidable point, summed per link
    depth = jnp.maximum(0.0, -heights)
    per_point = 1e3 * depth
    return jax.ops.segment_sum(per_point, jnp.asarray(model.gc.body),
                               num_segments=model.link_masses.shape[0])
