"""Clean look-alike from https://github.com/probml/dynamax/issues/256: one split per epoch, one
key per minibatch from a split array."""
import jax
import jax.random as jr


def train_epoch(key, state, X, y, batch_size, train_step):
    key, sub_key = jr.split(key)
    order = jr.permutation(sub_key, X.shape[0])
    key, sub_key = jr.split(key)
    keys = jr.split(sub_key, X.shape[0] // batch_size)
    total = 0.0
    for step_key, start in zip(keys, range(0, X.shape[0], batch_size)):
        ix = order[start:start + batch_size]
        loss, state = train_step(step_key, state, X[ix], y[ix])
        total += loss
    return total, state


def fit(key, state, X, y, num_epochs, train_step):
    for epoch in range(num_epochs):
        key, sub_key = jr.split(key)
        loss, state = train_epoch(sub_key, state, X, y, 32, train_step)
    return state
