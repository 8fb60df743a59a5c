"""Protein-design sampler scoring sequences with a ProteinMPNN model object. The first version
jitted `mpnn_score(key, seq, mpnn_model)` with the model as a static argument; the refactor
("fixed issue with loading mpnn_model into scoring function since its a python object and not
jax") turned it into a factory `make_mpnn_score(mpnn_model)` that closes over the model and
returns an inner `@jit` function. The factory is called ONCE when the fitness function is set up,
and the returned jitted scorer is reused for every sequence of every generation, so it compiles
once (a fresh jit per call would only happen if the factory were called inside the loop).

Source: https://github.com/maraxen/proteinsmc/blob/a1ddd97fe3ea3fe5fcdaf091dfa64dc9fba3efba/src/proteinsmc/scoring/mpnn.py#L15
Observed on jax 0.10.x: mpnn_score compiled 1 times
"""
import jax
import jax.numpy as jnp

from mpnn import make_mpnn_score


class MPNNModel:
    """Stand-in for colabdesign's mk_mpnn_model: holds weights, scores integer-encoded sequences."""

    def __init__(self, key, n_tokens=20, length=12):
        self.logits = jax.random.normal(key, (length, n_tokens))

    def score(self, seq_numeric, key):
        noise = 0.01 * jax.random.normal(key, (seq_numeric.shape[0],))
        logp = jax.nn.log_softmax(self.logits, axis=-1)
        return jnp.mean(jnp.take_along_axis(logp, seq_numeric[:, None], axis=1)[:, 0] + noise)


def run():
    key = jax.random.PRNGKey(0)
    mpnn_model = MPNNModel(key)
    fitness_fn = make_mpnn_score(mpnn_model)
    population = jax.random.randint(jax.random.PRNGKey(1), (3, 4, 12), 0, 20)
    for generation in range(3):
        for i in range(4):
            key, subkey = jax.random.split(key)
            fitness_fn(subkey, population[generation, i])
    return 0
