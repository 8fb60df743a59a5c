"""Graphs padded to "size + a little", so every structure has a new shape.

Source: https://github.com/atomicarchitects/nequix/pull/22
The ASE calculator padded nodes + 1 and edges * 1.1; fine for one MD run, but
relaxing a database of materials recompiled for every new combination of
node and edge counts. The fix pads nodes to a multiple of 8 and edges to a
multiple of 64.

Observed on jax 0.10.2: energy_and_forces compiled 3 times
"""
import numpy as np

from calculator import neighbor_list, pad_graph
from model import energy_and_forces


def relax_database(structures, cutoff=1.6):
    results = []
    for positions in structures:
        s, r = neighbor_list(positions, cutoff)
        pos, s, r, mask = pad_graph(positions, s, r)
        results.append(energy_and_forces(pos, s, r, mask))  # expect: JAX404
    return results


def run():
    rng = np.random.default_rng(0)
    structures = [rng.uniform(0, 2.0, (n, 3)).astype(np.float32) for n in (5, 6, 7)]
    relax_database(structures)
