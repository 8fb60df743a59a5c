import jax.numpy as jnp
from jax import lax
from jax.debug import print as jprint

epsilon_0, mass_electron = 8.854e-12, 9.109e-31


def print_simulation_information(domain_parameters, solver_parameters, domain_state, particle_state):
    length = domain_state["box_size"]
    weight = particle_state["weights"][0]
    charge_electrons = particle_state["charge_electrons"]
    number_pseudoelectrons = domain_parameters["number_pseudoelectrons"]
    plasma_frequency = (
        jnp.sqrt(number_pseudoelectrons * weight * charge_electrons**2)
        / jnp.sqrt(mass_electron) / jnp.sqrt(epsilon_0) / jnp.sqrt(length)
    )
    lax.cond(
        solver_parameters["print_info"],
        lambda _: jprint((
            "Length of the simulation box: {} m\n"
            "Plasma frequency: {} rad/s\n"
        ), length, plasma_frequency),
        lambda _: None,
        operand=None,
    )
