"""Command-line options converted to a namedtuple before being passed as static.

Source: https://github.com/graphcore-research/pyscf-ipu/issues/20
The fix proposed in the issue: after parsing, turn the argparse.Namespace into a
namedtuple (`namedtuple('Foo', vars(opts).keys())(**vars(opts))`), which is
hashable and compares by value, and pass that at the static position.

Observed on jax 0.10.2: runs
"""
import argparse
from collections import namedtuple
from functools import partial

import jax
import jax.numpy as jnp


def parse_opts(argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--its", type=int, default=4)
    parser.add_argument("--basis", type=str, default="sto3g")
    parser.add_argument("--mixing", type=float, default=0.5)
    args = parser.parse_args(list(argv))
    Opts = namedtuple("Opts", vars(args).keys())
    return Opts(**vars(args))


@partial(jax.jit, static_argnames=("opts",))
def scf_iterations(density, hamiltonian, opts):
    for _ in range(opts.its):
        fock = hamiltonian + 0.1 * density
        new_density = jnp.linalg.eigh(fock)[1] @ jnp.linalg.eigh(fock)[1].T
        density = opts.mixing * density + (1 - opts.mixing) * new_density
    return density


def nanodft(hamiltonian, opts):
    density = jnp.eye(hamiltonian.shape[0]) / hamiltonian.shape[0]
    return scf_iterations(density, hamiltonian, opts=opts)


def run():
    opts = parse_opts()
    h = jnp.diag(jnp.arange(4.0))
    return nanodft(h, opts)
