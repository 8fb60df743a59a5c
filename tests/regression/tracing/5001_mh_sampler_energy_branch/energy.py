import itertools as it
from functools import partial

import jax.numpy as np
from jax import jit

N = 6

marg_1 = lambda i, x: x[i]
marg_2 = lambda i, j, x: x[i] * x[j]

marg_1s = [partial(marg_1, i) for i in range(N)]
marg_2s = [partial(marg_2, i, j) for i, j in list(it.combinations(range(N), r=2))]
funcs = marg_1s + marg_2s


@jit
def calc_e(factors, word):
    return np.sum(np.array([factor * func(word) for factor, func in zip(factors, funcs)]))
