import jax
import jax.numpy as jnp


def linear(params, name, x):
    return x @ params[name]["w"] + params[name]["b"]


class MultiRigidSidechain:
    """Predicts torsion angles from single representations."""

    def __init__(self, config):
        self.config = config

    def __call__(self, params, representations_list):
        act = [linear(params, "input_projection", jax.nn.relu(x)) for x in representations_list]
        # Sum the activation list (equivalent to concat then Linear).
        act = sum(act)

        # Mapping with some residual blocks.
        for i in range(self.config.num_residual_block):
            old_act = act
            act = linear(params, f"resblock1_{i}", jax.nn.relu(act))
            act = linear(params, f"resblock2_{i}", jax.nn.relu(act))
            act += old_act

        num_res = act.shape[0]
        unnormalized_angles = linear(params, "unnormalized_angles", jax.nn.relu(act))
        unnormalized_angles = jnp.reshape(unnormalized_angles, [num_res, 7, 2])
        norm = jnp.sqrt(jnp.sum(unnormalized_angles ** 2, -1, keepdims=True) + 1e-12)
        return unnormalized_angles / norm
