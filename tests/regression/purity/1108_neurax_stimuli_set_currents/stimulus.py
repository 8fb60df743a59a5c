"""Stimuli container (neurax/stimulus.py, May 2023)."""
from typing import List, Optional

import jax.numpy as jnp


class Stimulus:
    """A single stimulus to the network."""

    def __init__(self, cell_ind, branch_ind, loc, current: Optional[jnp.ndarray] = None):
        self.cell_ind = cell_ind
        self.branch_ind = branch_ind
        self.loc = loc
        self.current = current


class Stimuli:
    """Several stimuli, vectorised into arrays for speed."""

    def __init__(self, stims: List[Stimulus], nseg_per_branch: int):
        self.comp_inds = jnp.asarray(
            [s.branch_ind * nseg_per_branch + int(s.loc * (nseg_per_branch - 1)) for s in stims]
        )
        self.cell_inds = jnp.asarray([s.cell_ind for s in stims])
        self.currents = jnp.asarray([s.current for s in stims]).T  # (time, n_stims) nA

    def set_currents(self, currents):
        """Replace the current time series of all stimuli."""
        self.currents = currents  # expect: JAX105
        return self


def step_current(i_delay, i_dur, i_amp, time_vec):
    on = (time_vec >= i_delay) & (time_vec <= i_delay + i_dur)
    return jnp.where(on, i_amp, 0.0)
