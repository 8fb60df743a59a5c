"""JAX-Fluids builds NACA airfoil level sets with a jitted method
`@partial(jax.jit, static_argnums=(0,1,5)) def NACA_airfoil(self, digit_code: str, scaling_factor,
chord_line, mesh_coordinates, task)`. Inside it calls `int(digit_code[-2:])/100.0` to get the
thickness, indexes a dict with `len(digit_code)` and branches on `task == "ESTIMATE"`. These look
like Python conversions of traced values, but `digit_code` and `task` are static strings, so the
conversions happen on concrete Python data at trace time.

Source: https://github.com/tumaer/JAXFLUIDS/blob/70dbc0a6a39854c6f88bda1b154dc7eb28175269/src/jaxfluids/levelset/creation/NACA_airfoils.py#L52
Observed on jax 0.10.x: NACA_airfoil compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


def thickness_distribution(thickness, x):
    return 5 * thickness * (0.2969 * jnp.sqrt(x) - 0.1260 * x - 0.3516 * x**2 + 0.2843 * x**3 - 0.1015 * x**4)


def four_digit_airfoil(digit_code, x):
    m = int(digit_code[0]) / 100.0
    p = int(digit_code[1]) / 10.0
    camber = jnp.where(x < p, m / p**2 * (2 * p * x - x**2), m / (1 - p)**2 * ((1 - 2 * p) + 2 * p * x - x**2))
    dyc = jnp.where(x < p, 2 * m / p**2 * (p - x), 2 * m / (1 - p)**2 * (p - x))
    return camber, jnp.arctan(dyc)


class NACA_airfoils:

    def __init__(self, is_double_precision: bool) -> None:
        self.is_double_precision = is_double_precision
        self.digit_function_dict = {4: four_digit_airfoil}

    @partial(jax.jit, static_argnums=(0, 1, 5))
    def NACA_airfoil(self, digit_code: str, scaling_factor: float, chord_line, mesh_coordinates, task: str):
        chord_line = jnp.clip(chord_line, 0.0, 1.0)
        camber_line, theta = self.digit_function_dict[len(digit_code)](digit_code, chord_line)

        thickness = int(digit_code[-2:]) / 100.0
        y_t = thickness_distribution(thickness, chord_line)

        airfoil_y_upper = (camber_line + y_t * jnp.cos(theta)) * scaling_factor
        airfoil_x_upper = (chord_line - y_t * jnp.sin(theta)) * scaling_factor

        if task == "ESTIMATE":
            coords = jnp.stack([airfoil_x_upper, airfoil_y_upper], axis=1).reshape(-1, 2, 1)
            return jnp.sqrt(jnp.sum(jnp.square(coords - mesh_coordinates), axis=1)).min(0)
        return airfoil_x_upper, airfoil_y_upper


def run():
    naca = NACA_airfoils(is_double_precision=False)
    chord_line = jnp.linspace(0.0, 1.0, 64)
    mesh = jnp.stack(jnp.meshgrid(jnp.linspace(-0.5, 1.5, 8), jnp.linspace(-0.5, 0.5, 8))).reshape(2, -1)
    for scaling in (1.0, 0.9, 1.1):
        naca.NACA_airfoil("2412", scaling, chord_line, mesh, "ESTIMATE")
