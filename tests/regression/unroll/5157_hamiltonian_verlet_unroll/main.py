"""Deep neural networks as discretised ODEs (Haber & Ruthotto): the Hamiltonian classifier runs a
Verlet integrator as a Python `for j in range(n_steps)` loop, and the training script picks
`n_steps = 64` and jits `value_and_grad` of the loss through it. Every one of the 64 Verlet steps
(two matmul + sigmoid updates each, plus their backward pass) is unrolled into the compiled
program, so compile time and program size grow with the depth of the network instead of using a
`lax.scan` over the stacked `K[j]`, `b[j]`.

Source: https://github.com/eikehmueller/deep_nn_odes/blob/cdcc44fbd59ed3eabfc4f196994772b411522a54/src/deep_nn_odes/model.py#L63-L101
Observed on jax 0.10.x: step compiled 1 times
"""
from functools import partial

import numpy as np
import jax
import optax

from model import init_hamiltonian_parameters, hamiltonian_model, hamiltonian_regulariser


def fit(model, params, optimizer, batches, regulariser=None, nepoch=1):
    opt_state = optimizer.init(params)

    def loss(params, model, x, y):
        logits = model(params, x)
        loss_value = optax.softmax_cross_entropy(logits, y).mean()
        if regulariser is not None:
            loss_value += regulariser(params)
        return loss_value

    @jax.jit
    def step(params, opt_state, X_batch, y_batch):
        loss_value, grads = jax.value_and_grad(loss)(params, model, X_batch, y_batch)
        updates, opt_state = optimizer.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss_value

    for epoch in range(nepoch):
        for X_batch, y_batch in batches:
            params, opt_state, loss_value = step(params, opt_state, X_batch, y_batch)
    return params


def run():
    np.random.seed(0)
    n_steps = 64
    params = init_hamiltonian_parameters(2, 2, n_steps=n_steps)
    model = partial(hamiltonian_model, n_steps=n_steps)
    regulariser = partial(hamiltonian_regulariser, alpha=1.0e-3)
    X = np.random.normal(size=(16, 2)).astype(np.float32)
    y = np.eye(2)[(X[:, 0] > 0).astype(int)].astype(np.float32)
    batches = [(X[:8], y[:8]), (X[8:], y[8:])]
    fit(model, params, optax.adam(1.0e-2), batches, regulariser=regulariser)
    return None
