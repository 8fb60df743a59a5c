"""op_system-style compiler: turns an equation spec into a callable RHS (NumPy-coercing)."""
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class SystemSpec:
    state: tuple
    params: tuple
    equations: tuple


def compile_rhs(spec):
    def eval_fn(t, y, params):
        env = {name: float(params[name]) for name in spec.params}  # expect: JAX202
        y = np.asarray(y, dtype=np.float64)  # expect: JAX203
        env.update({name: y[i] for i, name in enumerate(spec.state)})
        env["np"] = np
        out = np.empty(len(spec.equations), dtype=np.float64)
        for i, expr in enumerate(spec.equations):
            out[i] = np.float64(eval(expr, {}, env))
        return out

    return eval_fn
