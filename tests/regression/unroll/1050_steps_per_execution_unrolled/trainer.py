import functools

import jax

from model import train_step


class Trainer:
    def __init__(self, steps_per_execution):
        self.steps_per_execution = steps_per_execution
        self.multi_step = jax.jit(functools.partial(self._multi_step, steps_per_execution))

    @staticmethod
    def _multi_step(steps, params, xs, ys):
        for i in range(steps):  # expect: JAX407
            params = train_step(params, xs[i], ys[i])
        return params

    def fit(self, params, xs, ys):
        n = self.steps_per_execution
        for start in range(0, xs.shape[0], n):
            params = self.multi_step(params, xs[start:start + n], ys[start:start + n])
        return params
