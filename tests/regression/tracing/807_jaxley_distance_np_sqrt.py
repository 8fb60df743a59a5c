"""jaxley: `Module.distance()` uses NumPy on compartment coordinates inside jit.

Source: https://github.com/jaxleyverse/jaxley/pull/603
(jaxley, "Allow `.distance` to be jitted").

`distance(endpoint)` averaged the `xyzr` coordinates of two compartments and
returned `np.sqrt(np.sum((start_xyz - end_xyz) ** 2))`. In the PR's test, a
jitted `simulate` loops over all compartments and sets a distance-dependent
leak conductance. The coordinates are jax arrays held by the module; indexing
them inside the trace yields tracers, `np.mean`/`np.sum` quietly dispatch to the
tracer's own `.mean`/`.sum` methods, and the ufunc `np.sqrt` then tries to turn
the traced value into a NumPy array. The fix switched the three calls to `jnp`.
(`np.sqrt` is not in the literal list of JAX203 functions; JAX203 is the
nearest code.)

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import jit


class Compartment:
    def __init__(self, cell, branch, comp):
        self.cell, self.branch_index, self.comp_index = cell, branch, comp

    @property
    def xyzr(self):
        return [self.cell.xyzr[self.branch_index][self.comp_index : self.comp_index + 1]]

    def distance(self, endpoint) -> float:
        """Return the direct distance between two compartments."""
        assert len(self.xyzr) == 1 and len(endpoint.xyzr) == 1
        start_xyz = np.mean(self.xyzr[0][:, :3], axis=0)
        end_xyz = np.mean(endpoint.xyzr[0][:, :3], axis=0)
        return np.sqrt(np.sum((start_xyz - end_xyz) ** 2))  # expect: JAX203

    def data_set(self, key, val, param_state):
        param_state = dict(param_state or {})
        param_state[(key, self.branch_index, self.comp_index)] = val
        return param_state


class Cell:
    def __init__(self, nbranches, ncomp, length=10.0):
        self.nbranches, self.ncomp, self.length = nbranches, ncomp, length
        self.xyzr = None

    def compute_xyz(self):
        # branches laid out along x, one after the other (jnp arrays, like jaxley)
        self.xyzr = [
            jnp.stack(
                [
                    jnp.array([b * self.ncomp * self.length + c * self.length, 0.0, 0.0, 1.0])
                    for c in range(self.ncomp)
                ]
            )
            for b in range(self.nbranches)
        ]

    def __getitem__(self, index):
        branch, comp = index
        return Compartment(self, branch, comp)

    def __iter__(self):
        for b in range(self.nbranches):
            yield [Compartment(self, b, c) for c in range(self.ncomp)]


def integrate(cell, param_state):
    g = jnp.stack([v for v in param_state.values()])
    v = -70.0 * jnp.ones_like(g)
    for _ in range(20):
        v = v + 0.025 * (-g * (v + 70.0) + 0.1)
    return v


def run():
    cell = Cell(2, 3)
    cell.compute_xyz()

    def simulate(sigmoid_offset, global_scaling):
        pstate = None
        for branch in cell:
            for comp in branch:
                distance = cell[0, 0].distance(comp)
                conductance = global_scaling / (jnp.exp(-(distance + sigmoid_offset)))
                pstate = comp.data_set("Leak_gLeak", conductance * 1e-4, pstate)
        return integrate(cell, param_state=pstate)

    jitted_simulate = jit(simulate)
    return jitted_simulate(jnp.ones((1,)), jnp.ones((1,)))
