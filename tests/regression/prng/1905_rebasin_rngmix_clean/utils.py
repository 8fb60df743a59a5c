from jax import random

rngmix = lambda rng, x: random.fold_in(rng, hash(x))
