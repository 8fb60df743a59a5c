"""A SAX model builds its KLU circuit inside the model body; the model is then
traced by a jitted Newton step and ``klujax.analyze`` calls ``int()`` on the
traced symbolic handle.

Source: https://github.com/gdsfactory/klujax/issues/34
CSPDK's ``coupler_ring`` calls ``sax.circuit(netlist, models, backend="klu")``
inside its body; circulax jit-compiles the solver step, so ``analyze`` runs
under the trace and ``int(raw_symbol)`` raises ``ConcretizationTypeError``.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

import sax_lite

NETLIST = {"instances": ["wg", "dc"], "connections": [(0, 1), (1, 0)]}
MODELS = {"wg": lambda wl: jnp.cos(wl), "dc": lambda wl: jnp.sin(wl)}


def coupler_ring(wl=1.55, **kwargs):
    circuit_fn, _ = sax_lite.circuit(NETLIST, MODELS)
    return circuit_fn(wl=wl)


@jax.jit
def newton_step(wl):
    r = coupler_ring(wl)
    return wl - 0.1 * r


def run():
    return newton_step(jnp.float32(1.55))
