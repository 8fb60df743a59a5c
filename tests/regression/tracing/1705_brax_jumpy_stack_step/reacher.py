from typing import NamedTuple

import jax.numpy as jnp

import jumpy as jp


class QP(NamedTuple):
    pos: jnp.ndarray
    rot: jnp.ndarray
    vel: jnp.ndarray


class State(NamedTuple):
    qp: QP
    obs: jnp.ndarray
    reward: jnp.ndarray


class Reacher:
    action_size = 2
    dt = 0.02

    def reset(self, rng):
        qp = QP(pos=jnp.zeros((3,)), rot=jnp.array([1.0, 0.0, 0.0, 0.0]), vel=jnp.zeros((3,)))
        return State(qp=qp, obs=self._get_obs(qp), reward=jnp.zeros(()))

    def _get_obs(self, qp):
        # cos/sin of the joint angles, taken from the rotation quaternion components
        return jp.stack([qp.rot[0], qp.rot[1], qp.rot[2]])

    def step(self, state, action):
        vel = state.qp.vel + self.dt * jnp.concatenate([action, jnp.zeros(1)])
        qp = state.qp._replace(pos=state.qp.pos + self.dt * vel, vel=vel)
        obs = self._get_obs(qp)
        reward = -jnp.linalg.norm(qp.pos - jnp.array([0.1, 0.1, 0.0]))
        return state._replace(qp=qp, obs=obs, reward=reward)
