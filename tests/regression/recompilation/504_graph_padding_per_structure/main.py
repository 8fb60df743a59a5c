"""High-throughput relaxation loop that pads each crystal graph to its own size.

Source: https://github.com/atomicarchitects/nequix/pull/22
"The existing code simply padded nodes + 1 and edges * 1.1 ... This works well for single MD
runs/relaxations, but results in lots of `jit`s when running high-throughput workflows (e.g.
relaxing a database of materials) because it must recompile for each new combination of number
of nodes/number of edges." The fix pads to multiples of 8 / 64. Here every structure in the
database has a different atom count, so each padded graph has a new shape.

Observed on jax 0.10.2: energy_fn compiled 4 times
"""
import numpy as np

from .graph import pad_graph, radius_graph
from .potential import energy_fn


def screen_database(structures, cutoff=1.5):
    energies = []
    for pos in structures:
        s, r = radius_graph(pos, cutoff)
        graph = pad_graph(pos, s, r)
        energies.append(energy_fn(graph))  # expect: JAX404
    return energies


def run():
    rng = np.random.default_rng(0)
    structures = [rng.uniform(0, 3, size=(n, 3)) for n in (5, 7, 9, 12)]
    return screen_database(structures)[-1]
