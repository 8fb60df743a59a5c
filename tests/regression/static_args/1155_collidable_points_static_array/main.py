"""Static pytree attribute of a robot model holds NumPy arrays; second model fails.

Source: https://github.com/gbionics/jaxsim/pull/105
What happened: jaxsim issue #103 "Error when passing two different pytrees with the same
structure to a JIT-compiled function": `JaxSimModel` is a `jax_dataclasses` pytree whose
`Static[...]` attributes (the physics model's collidable points `gc.body`/`gc.point`,
`LinkDescription.inertia/pose`, `RootPose.root_position`, `PlaneTerrain.plane_normal`) were
dataclasses holding NumPy/JAX arrays.  Static attributes go into the treedef, and the jit
cache compares treedefs with `==`; the default dataclass `__eq__` compares the array
fields and raises "The truth value of an array ... is ambiguous" when a *second* model
(same URDF, different object) is passed.  PR #105 ("Avoid to use as Static attributes
classes that do not have a __eq__ method that returns a scalar bool") added array-aware
`__eq__` methods and turned `gc.body` into a list.  Here the description module builds the
arrays, the model module declares the static field and the jitted kernel, the driver
builds two models from the same description.

Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from model import build_model, contact_forces


def run():
    heights = -0.01 * jnp.ones(12)
    first = build_model()
    contact_forces(first, heights)
    second = build_model()  # e.g. a parameterised copy of the same robot
    return contact_forces(second, heights)


if __name__ == "__main__":
    print(run())
