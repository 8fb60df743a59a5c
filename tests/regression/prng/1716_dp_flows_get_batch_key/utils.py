from jax import random


def get_batch(sampling, key, X, minibatch_size, iteration):
    if sampling == "batch":
        batch_index = iteration % (X.shape[0] // minibatch_size)
        start = batch_index * minibatch_size
        if batch_index == 0:
            temp_key, key = random.split(key)
            X = random.permutation(temp_key, X)
        return X[start:start + minibatch_size], X
    elif sampling == "uniform":
        temp_key, key = random.split(key)
        X = random.permutation(temp_key, X)
        return X[:minibatch_size], X
    elif sampling == "poisson":
        temp_key, key = random.split(key)
        whether = random.uniform(temp_key, (X.shape[0],)) < (minibatch_size / X.shape[0])
        return X[whether], X
    raise Exception("Invalid sampling method: {}".format(sampling))
