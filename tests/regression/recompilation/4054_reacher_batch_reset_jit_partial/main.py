"""jbdl (Tencent RoboticsX's differentiable rigid-body dynamics library) builds
the batched Reacher start states in _batch_state_random_initializer with
`jax.vmap(jax.jit(partial(self.calc_pos_target)))(batch_target)` (and the
same for calc_pos_fingertip). Every call wraps a brand-new partial object in
a brand-new jax.jit, so each environment reset traces and compiles the
kinematics functions again instead of reusing one compiled version.

Source: https://github.com/Tencent-RoboticsX/jbdl/blob/f8e30db25051687d6240db571b5db163d9f41dd1/src/jbdl/envs/reacher_env.py#L237
Observed on jax 0.10.x: calc_pos_fingertip compiled 4 times
"""
from reacher_env import Reacher


def run():
    env = Reacher(batch_size=4)
    for episode in range(4):
        env.reset()
