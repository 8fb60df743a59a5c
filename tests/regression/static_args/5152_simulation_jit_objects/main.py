"""Master-thesis driving-simulation skeleton: the whole closed loop `do_simulation` is decorated with
`@jax.jit` and receives the number of steps plus three plain Python objects (the simulator, the
environment model and the agent), none of them declared static; each of those classes also jits
its methods with `self` as an ordinary traced argument. The first call fails before anything is
traced: a `Simulator` instance is not a valid JAX type. (`n_steps` is traced too, so the Python
`range(n_steps)` loop could not run under jit either.)

Source: https://github.com/larstonder/master-project/blob/88546c2548f51f9185a4bafee70fe4ba490d011f/main.py#L7-L24
Observed on jax 0.10.x: raises TypeError
"""
import jax

from simulator import Simulator
from environment_model import EnvironmentModel
from agent import Agent


@jax.jit
def do_simulation(n_steps: int, simulator: Simulator, environment_model: EnvironmentModel, agent: Agent):  # expect: JAX306
    error_history = []

    for _ in range(n_steps):  # expect: JAX204
        state = simulator.get_state()
        sensor_output = environment_model.get_sensor_output(state)
        action = agent.get_action(sensor_output)
        simulator.do_action(action)
        error_history.append(simulator.get_state())  # something like this
        simulator.update()

    return error_history


def run():
    simulator = Simulator()
    environment_model = EnvironmentModel()
    agent = Agent()
    n_steps = 3

    return do_simulation(n_steps, simulator, environment_model, agent)
