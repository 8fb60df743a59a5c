"""MuJoCo MJX: `mjx.step` compiles twice because `data.time` starts weakly typed.

Source: https://github.com/google-deepmind/mujoco/issues/2306
(mujoco, "MJX step compiles twice due to mjx_data.time being a weak type").

Following the MJX tutorial, the user puts the model and data on device and
calls `jit_step = jax.jit(mjx.step)` in a simulation loop, feeding each output
back in. `put_data` left `time` as a weakly typed scalar; the step returns
`time + timestep` as a strongly typed float32, so the second call sees a
different input type and JAX compiles `step` again ("jax jits twice at step 1
and 2"). Promoting `time` to a strong type first avoids it (clean look-alike).
MJX trimmed to a point-mass `Data` pytree with the same fields involved.

Observed on jax 0.10.2: step compiled 2 times
"""
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Model:
    timestep: jax.Array
    gravity: jax.Array


@dataclasses.dataclass(frozen=True)
class Data:
    qpos: jax.Array
    qvel: jax.Array
    time: jax.Array

    def replace(self, **kwargs):
        return dataclasses.replace(self, **kwargs)


jax.tree_util.register_dataclass(Data, data_fields=["qpos", "qvel", "time"], meta_fields=[])
jax.tree_util.register_dataclass(Model, data_fields=["timestep", "gravity"], meta_fields=[])


def put_model(m) -> Model:
    # MJX converts the float64 model fields to float32 device arrays
    return Model(
        timestep=jnp.asarray(m["opt.timestep"], dtype=jnp.float32),
        gravity=jnp.asarray(m["opt.gravity"], dtype=jnp.float32),
    )


def put_data(m, d) -> Data:
    return Data(qpos=jnp.asarray(d["qpos"]), qvel=jnp.asarray(d["qvel"]), time=jnp.asarray(d["time"]))


def step(m: Model, d: Data) -> Data:
    qacc = m.gravity
    qvel = d.qvel + m.timestep * qacc
    qpos = d.qpos + m.timestep * qvel
    return d.replace(qpos=qpos, qvel=qvel, time=d.time + m.timestep)


def simulate(n_steps=5):
    mj_model = {"opt.timestep": 0.002, "opt.gravity": [0.0, 0.0, -9.81]}
    mj_data = {"qpos": [0.0, 0.0, 1.0], "qvel": [0.0, 0.0, 0.0], "time": 0.0}
    mjx_model = put_model(mj_model)
    mjx_data = put_data(mj_model, mj_data)

    jit_step = jax.jit(step)
    for _ in range(n_steps):
        mjx_data = jit_step(mjx_model, mjx_data)  # expect: JAX406
    return mjx_data.qpos


def run():
    return simulate()
