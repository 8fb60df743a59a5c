"""jaxpt's HellaSwag evaluator reads a few examples per batch and pads tokens and
masks only up to the longest context+ending *in that batch* before calling the
jitted _predict. Every batch whose longest example differs gets a new
(batch, endings, seq_len) shape, so _predict is recompiled on most batches of
the eval set instead of once (pad to a fixed block size to compile once).

Source: https://github.com/novastar53/jaxpt/blob/9105e9f8c9c1eaf9c913d00bfac2d6a6fbcd3012/src/jaxpt/evals/hellaswag.py#L98
Observed on jax 0.10.x: _predict compiled 3 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from evals import HellaSwag


class Model(eqx.Module):
    emb: jax.Array

    def __init__(self, vocab=16):
        self.emb = jax.random.normal(jax.random.PRNGKey(0), (vocab, vocab))

    def __call__(self, tokens):
        return self.emb[tokens]


def make_examples():
    lens = [(3, 2), (4, 2), (3, 3), (2, 5), (4, 1), (3, 2)]
    return [{"ctx": [1] * c, "endings": [[2] * e, [3] * e], "label": 0} for c, e in lens]


def run():
    model = Model()
    total = correct = 0
    for _examples, preds, labels in HellaSwag(model, make_examples()):
        for p, l in zip(preds.tolist(), labels):
            total += 1
            correct += int(p == l)
