"""Command-line options (argparse.Namespace) passed as a static argument.

Source: https://github.com/graphcore-research/pyscf-ipu/issues/20
nanoDFT jitted its SCF iteration and needed the parsed command-line `opt` during
tracing. `opt` is an argparse.Namespace, which defines __eq__ and therefore is not
hashable, so it could not be given to `static_argnums`; the issue proposes
converting it to a namedtuple after parsing. Here the Namespace is handed straight
to the static parameter.

Observed on jax 0.10.2: raises ValueError
"""
import argparse
from functools import partial

import jax
import jax.numpy as jnp


def parse_opts(argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--its", type=int, default=4)
    parser.add_argument("--basis", type=str, default="sto3g")
    parser.add_argument("--mixing", type=float, default=0.5)
    return parser.parse_args(list(argv))


@partial(jax.jit, static_argnames=("opts",))
def scf_iterations(density, hamiltonian, opts):
    for _ in range(opts.its):
        fock = hamiltonian + 0.1 * density
        new_density = jnp.linalg.eigh(fock)[1] @ jnp.linalg.eigh(fock)[1].T
        density = opts.mixing * density + (1 - opts.mixing) * new_density
    return density


def nanodft(hamiltonian, opts):
    density = jnp.eye(hamiltonian.shape[0]) / hamiltonian.shape[0]
    return scf_iterations(density, hamiltonian, opts=opts)  # expect: JAX302


def run():
    opts = parse_opts()
    h = jnp.diag(jnp.arange(4.0))
    return nanodft(h, opts)
