"""ngc-learn's ART2A synapse: the `@compilable` `consolidate` co-routine, which ngc-learn traces
into a compiled simulation step, starts with `n_used = int(jnp.sum(self.used.get()))` to find
the number of used memory slots and then builds `jnp.eye(..., k=n_used)`. Inside the compiled
step the compartment value is a tracer, so converting it to a Python int fails while tracing.

Source: https://github.com/NACLab/ngc-learn/blob/6cfadd53740a96ec0b6ae9e14ca146599477c82b/ngclearn/components/synapses/competitive/ART2ASynapse.py#L120
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax.numpy as jnp

from synapse import ART2ASynapse, compile_method


def run():
    syn = ART2ASynapse((4, 6))
    syn.xprobe.set(jnp.ones((1, 4)))
    syn.misses.set(jnp.ones((1, 1)))
    consolidate = compile_method(syn, "consolidate")
    consolidate()
