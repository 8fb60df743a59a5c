"""jaxsim: jitting the simulator's bound `step` method that writes `model.data`.

Source: https://github.com/gbionics/jaxsim/issues/43
(jaxsim, "The simulator leaks JAX traces").

The high-level `JaxSim` simulator object is mutable: `step()` integrates the
inserted model and stores the new state back on the model
(`model.data = ...`). The MRE jits the bound method (`sim.step =
jax.jit(sim.step)`) and calls it. The assignment inside the trace stores
tracers on the long-lived `Model` (the leak checker reports
"<DynamicJaxprTracer> is referred to by <PhysicsModelState>.base_position ...
referred to by <Model>.data"), later calls hit the cache and never update the
state again, and the next eager use of `model.data` fails. Physics trimmed to a
semi-implicit Euler step of a floating base.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class PhysicsModelState:
    base_position: jax.Array
    base_quaternion: jax.Array
    base_linear_velocity: jax.Array


@dataclasses.dataclass
class ModelData:
    model_state: PhysicsModelState
    time_ns: int = 0


@dataclasses.dataclass
class StepData:
    t0: float
    tf: float
    base_position: jax.Array


for _cls, _data, _meta in [
    (PhysicsModelState, ["base_position", "base_quaternion", "base_linear_velocity"], []),
    (ModelData, ["model_state"], ["time_ns"]),
    (StepData, ["base_position"], ["t0", "tf"]),
]:
    jax.tree_util.register_dataclass(_cls, data_fields=_data, meta_fields=_meta)


class Model:
    def __init__(self, name):
        self.name = name
        self.data = ModelData(
            PhysicsModelState(
                base_position=jnp.array([0.0, 0.0, 1.0]),
                base_quaternion=jnp.array([1.0, 0.0, 0.0, 0.0]),
                base_linear_velocity=jnp.zeros(3),
            )
        )

    def base_position(self):
        return jnp.asarray(self.data.model_state.base_position)


class JaxSim:
    def __init__(self, step_size: float):
        self.step_size = step_size
        self.models = {}

    def insert_model(self, name) -> Model:
        model = Model(name)
        self.models[name] = model
        return model

    def step(self) -> dict:
        out = {}
        for name, model in self.models.items():
            s = model.data.model_state
            v = s.base_linear_velocity + self.step_size * jnp.array([0.0, 0.0, -9.81])
            p = s.base_position + self.step_size * v
            model.data = ModelData(  # expect: JAX105
                PhysicsModelState(p, s.base_quaternion, v),
                model.data.time_ns + int(self.step_size * 1e9),
            )
            out[name] = StepData(0.0, self.step_size, p)
        return out


def run():
    sim = JaxSim(step_size=0.001)
    model = sim.insert_model("double_pendulum")

    # The problem occurs only if we jit-compile the method
    sim.step = jax.jit(sim.step)
    for _ in range(3):
        step_data = sim.step()
    return model.base_position() + 0.0
