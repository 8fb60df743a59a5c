"""A dict of NumPy arrays (one dataset example) passed at a static position.

Source: https://github.com/google-research/google-research/issues/1025
In the ipagnn adapters, `example` (a dict of numpy arrays) was passed to a jitted
function as a static argument; neither dicts nor arrays are hashable, so jit
refuses it ("non-hashable static arguments"). Here the adapter builds the dict in
one module and the training loop hands it to the jitted model in another.

Observed on jax 0.10.2: raises ValueError
"""
from .train import evaluate


def run():
    records = [
        {"tokens": [1, 2, 3], "edges": [[0, 1], [1, 2]], "num_nodes": 3},
        {"tokens": [4, 5], "edges": [[0, 1]], "num_nodes": 2},
    ]
    return evaluate(records)[0]
