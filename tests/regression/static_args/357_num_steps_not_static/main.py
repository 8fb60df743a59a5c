"""A parameter that must be static (scan length) is missing from static_argnames.

Source: https://github.com/bardhh/cbfkit/pull/14
The PR jitted `simulator_jit`, marking the callables (dynamics, controller)
and configuration values such as num_steps as static. Leaving num_steps out
makes it a tracer, and lax.scan cannot use a traced length.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax.numpy as jnp

from simulator import proportional_controller, simulate, unicycle


def run():
    x0 = jnp.zeros(3)
    goal = jnp.array([1.0, 1.0])
    return simulate(x0, goal, 50, 0.05, unicycle, proportional_controller)
