"""Only the final state of a Schrödinger-equation solve is wanted, inside a jitted sweep.

jaxquantum's `solve` chose between "save only t1" and "save at these times" with
`if saveat_tlist.shape[0] == 1 and saveat_tlist == tlist[-1]:`. The first operand is a static
shape test, but the second compares array contents. A user sweeping a qubit drive amplitude
called `sesolve(H, psi0, tlist, saveat_tlist=tlist[-1])` inside `jax.jit`, where `tlist` is a
traced argument, and the comparison had to be converted to a Python bool. The maintainers removed
the content check ("removing conditional logic on content of arrays, as this fails when inputs
are traced").

Source: https://github.com/EQuS/jaxquantum/blob/339e33078121464950b196d0b84070c8395f0645/jaxquantum/core/solvers.py#L71
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from solvers import sesolve

sigma_x = jnp.array([[0.0, 1.0], [1.0, 0.0]], dtype=jnp.complex64)


@jax.jit
def final_excited_population(amplitude, tlist):
    H = amplitude * sigma_x
    psi0 = jnp.array([1.0, 0.0], dtype=jnp.complex64)
    states = sesolve(H, psi0, tlist, saveat_tlist=tlist[-1])
    return jnp.abs(states[-1][1]) ** 2


def run():
    tlist = jnp.linspace(0.0, 1.0, 51)
    return [float(final_excited_population(a, tlist)) for a in (0.5, 1.0, 1.5)]
