"""Stand-in for sax.circuit(..., backend="klu")."""
import numpy as np

import klujax_lite


def circuit(netlist, models):
    Ai = np.array([i for i, _ in netlist["connections"]], dtype=np.int32)
    Aj = np.array([j for _, j in netlist["connections"]], dtype=np.int32)
    symbol = klujax_lite.analyze(Ai, Aj, len(netlist["instances"]))

    def circuit_fn(wl):
        Ax = sum(models[name](wl) for name in netlist["instances"])
        return klujax_lite.solve_with_symbol(symbol, Ax, wl)

    return circuit_fn, netlist
