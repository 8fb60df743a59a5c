from typing import NamedTuple

import jax
import jax.numpy as jnp

from .hamiltonian import e_local_nn_1d, energy


class SingleSpinFlipState(NamedTuple):   # flax.struct.dataclass in the original
    acc_call: int
    tot_call: int


class MonteCarloState(NamedTuple):
    key: jnp.ndarray


@jax.jit
def single_spin_flip_step(i: int, vals):
    spins, neighbours, mc, a, rands = vals
    L = jnp.size(spins)
    a = a._replace(tot_call=a.tot_call + 1)

    index = (rands[i, 0] * L).astype(int)
    de = -2.0 * e_local_nn_1d(index, spins, neighbours)
    rand = rands[i, 1]

    def accepted_func(vals):
        index, spins, a = vals
        spins = spins.at[index].set(-spins[index])  # FLIP
        a = a._replace(acc_call=a.acc_call + 1)
        return spins, a

    def refused_func(vals):
        index, spins, a = vals
        return spins, a

    spins, a = jax.lax.cond(rand < jnp.exp(-0.5 * de), accepted_func, refused_func, (index, spins, a))
    return [spins, mc, a]


@jax.jit
def sweep(i: int, vals):
    spins, neighbours, mc, a, mean_values = vals
    L = jnp.size(spins)

    # Generate all the random numbers
    new_key, subkey = jax.random.split(mc.key, num=2)
    rand = jax.random.uniform(subkey, (L, 2))
    mc = mc._replace(key=new_key)

    for k in range(L):  # expect: JAX407
        spins, mc, a = single_spin_flip_step(k, [spins, neighbours, mc, a, rand])

    mean_values["e"] = mean_values["e"] + energy(spins, neighbours, e_local_nn_1d)
    return [spins, neighbours, mc, a, mean_values]


def mc_sweeps(nsweeps: int, spins, neighbours, mc: MonteCarloState, a: SingleSpinFlipState):
    mean_values = {"e": 0.0}
    spins, _, mc, a, mean_values = jax.lax.fori_loop(0, nsweeps, sweep, [spins, neighbours, mc, a, mean_values])
    mean_values = jax.tree_util.tree_map(lambda x: x / nsweeps / jnp.size(spins), mean_values)
    return spins, mc, a, mean_values
