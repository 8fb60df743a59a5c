"""1D particle-in-cell code: the jitted `_simulation` calls a helper from another module,
`print_simulation_information`, which reports box length and plasma frequency. The helper does
not use `print`; it wraps `jax.debug.print` in `lax.cond(solver_parameters["print_info"], ...)`
so the report is emitted at run time with real values, and the example script turns it off for
repeated runs by passing `print_info=False` as data (no recompilation). run() returns how many
of three simulations printed (the first two ask for it, the last does not).

Source: https://github.com/uwplasma/JAX-in-Cell/blob/3d43dcc1ba33565daa1b51473ecd548adff1eceb/jaxincell/_state_initialization.py#L320
Observed on jax 0.10.x: 2 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp

from state_initialization import print_simulation_information


@jax.jit
def simulation(input_parameters):
    domain_parameters = {"number_pseudoelectrons": 500}
    solver_parameters = {"print_info": input_parameters["print_info"]}
    domain_state = {"box_size": input_parameters["length"]}
    particle_state = {"weights": jnp.full((500,), 1e10), "charge_electrons": jnp.array(-1.602e-19)}
    print_simulation_information(domain_parameters, solver_parameters, domain_state, particle_state)
    return domain_state["box_size"] * 2.0


def run():
    printed = 0
    for i in range(3):
        params = {"length": jnp.array(1e-2), "print_info": jnp.array(i < 2)}
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            jax.block_until_ready(simulation(params))
            jax.effects_barrier()
        printed += bool(buf.getvalue())
    return printed
