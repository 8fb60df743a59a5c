"""Contact parameters keep the static link indices as a tuple of ints (fixed layout).

Source: https://github.com/gbionics/jaxsim/pull/432
What happened: in the review of jaxsim PR #432 the maintainer explains why static
attributes must not be arrays: JAX compares static values across compilations and
"numpy-like arrays cannot be directly compared for equality -- doing so results in a
`ValueError`"; "it's best to represent such attributes as tuples of primitive types ...
We use this approach also in `ContactParameters`".  jaxsim's `ContactParameters` declares
`body: Static[tuple[int, ...]]` and `enabled: Static[tuple[bool, ...]]` while the
collidable-point positions `point` stay a traced array.  Same model/kernel shape as the
hazard, with the tuple static field; a second, equal model reuses the compiled kernel.

Observed on jax 0.10.2: contact_forces compiled 1 times
"""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ContactParameters:
    point: jax.Array
    body: tuple[int, ...] = dataclasses.field(default=(), metadata=dict(static=True))
    enabled: tuple[bool, ...] = dataclasses.field(default=(), metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class PhysicsModel:
    link_masses: jax.Array
    contacts: ContactParameters


def build_model(n_links=3):
    body = tuple(int(i) for i in np.repeat(np.arange(n_links), 4))
    point = jnp.zeros((len(body), 3))
    contacts = ContactParameters(point=point, body=body, enabled=(True,) * len(body))
    return PhysicsModel(link_masses=jnp.ones(n_links), contacts=contacts)


@jax.jit
def contact_forces(model, heights):
    depth = jnp.maximum(0.0, -heights)
    return jax.ops.segment_sum(1e3 * depth, jnp.array(model.contacts.body),
                               num_segments=model.link_masses.shape[0])


def run():
    heights = -0.01 * jnp.ones(12)
    contact_forces(build_model(), heights)
    return contact_forces(build_model(), heights).shape


if __name__ == "__main__":
    print(run())
