import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class ModelDescription:
    """Static kinematic description: only tuples, strings and floats."""
    name: str
    link_names: tuple
    joint_axes: tuple
    frame_offsets: tuple


@dataclasses.dataclass(frozen=True)
class JaxSimModel:
    link_masses: jax.Array
    description: ModelDescription

    @staticmethod
    def build_from_urdf(urdf: dict):
        description = ModelDescription(
            name=urdf["name"],
            link_names=tuple(urdf["links"]),
            joint_axes=tuple(tuple(a) for a in urdf["axes"]),
            frame_offsets=tuple(urdf["offsets"]),
        )
        return JaxSimModel(jnp.asarray(urdf["masses"]), description)


jax.tree_util.register_dataclass(JaxSimModel, data_fields=["link_masses"], meta_fields=["description"])
