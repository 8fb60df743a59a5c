"""fdtdx user code wrapped the whole simulation setup, including `place_objects`, in
`jax.jit` so that a resolution sweep would "compile once". Inside `place_objects`,
`PerfectlyMatchedLayer.place_on_grid` computes the optimal PML conductivity
`sigma_end_calculated` from the grid spacing and then casts it with `float(...)`. Under jit
the grid spacing is a tracer, so the cast raises a ConcretizationTypeError; the fix
(fdtdx PR #347) removed the float() cast and added a guard telling users to keep setup
functions outside jit.

Source: https://github.com/ymahlau/fdtdx/pull/347
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax

from objects import PerfectlyMatchedLayer, place_objects


@jax.jit
def setup_simulation(grid_spacing):
    boundaries = (PerfectlyMatchedLayer(axis=0), PerfectlyMatchedLayer(axis=1))
    arrays = place_objects(grid_spacing, boundaries)
    return arrays


def run():
    for resolution in (50e-9, 25e-9):
        arrays = setup_simulation(resolution)
    return arrays
