"""Score-matching training loop: the key given to ``create_train_state`` is
split again afterwards, and the minibatch key is never advanced across epochs.

Source: https://github.com/gchq/coreax/blob/6a184af4/coreax/score_matching.py#L420-L445
``ScoreMatching.match`` (same issue as
https://github.com/gchq/coreax/issues/375): ``random_key_2`` initialises the
train state and is then split for the batch key; inside ``for i in
tqdm(range(self.num_epochs))`` the code carries "TODO: In the existing code,
idx gives the same output each time" above ``idx = random.randint(batch_key,
...)``.

Observed on jax 0.10.2: 2 of 2 calls
"""
import jax
import jax.numpy as jnp
from jax import random


def create_train_state(data_dimension, random_key):
    return {"w": 0.1 * random.normal(random_key, (data_dimension,))}


@jax.jit
def train_step(state, x_batch):
    g = jax.grad(lambda w: jnp.mean((x_batch @ w) ** 2))(state["w"])
    return {"w": state["w"] - 0.1 * g}


class ScoreMatching:
    def __init__(self, random_key=random.PRNGKey(0), num_epochs=3, batch_size=4):
        self.random_key = random_key
        self.num_epochs = num_epochs
        self.batch_size = batch_size

    def match(self, x):
        num_points, data_dimension = x.shape
        random_key_1, random_key_2 = random.split(self.random_key)
        state = create_train_state(data_dimension, random_key_2)
        _, random_key_4 = random.split(random_key_2)  # expect: JAX501
        batch_key = random.PRNGKey(random_key_4[-1])
        seen = []
        for i in range(self.num_epochs):
            idx = random.randint(batch_key, (self.batch_size,), 0, num_points)  # expect: JAX503
            seen.append(idx)
            state = train_step(state, x[idx, :])
        return state, seen


def run():
    x = jnp.arange(40.0).reshape(20, 2)
    _, seen = ScoreMatching().match(x)
    return sum(int(bool(jnp.all(seen[0] == s))) for s in seen[1:])
