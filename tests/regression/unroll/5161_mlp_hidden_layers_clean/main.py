"""Same ODE-networks training script with `model_label == "MLP"`: the jitted `step` differentiates an
MLP whose forward pass is a Python loop over the hidden layers of the parameter list. The list
structure is fixed by `layer_widths = (2, 16, 16, 2)`, so the loop is two iterations decided by
the pytree structure, not by array data; unrolling it is the intended way to write a layer stack.

Source: https://github.com/eikehmueller/deep_nn_odes/blob/cdcc44fbd59ed3eabfc4f196994772b411522a54/src/train.py#L127-L131
Observed on jax 0.10.x: step compiled 1 times
"""
import numpy as np
import jax
import optax

from model import init_mlp_parameters, mlp_model


def fit(model, params, optimizer, batches, nepoch=2):
    opt_state = optimizer.init(params)

    def loss(params, model, x, y):
        logits = model(params, x)
        return optax.softmax_cross_entropy(logits, y).mean()

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
    layer_widths = (2, 16, 16, 2)
    params = init_mlp_parameters(layer_widths)
    X = np.random.normal(size=(16, 2)).astype(np.float32)
    y = np.eye(2)[(X[:, 0] > 0).astype(int)].astype(np.float32)
    fit(mlp_model, params, optax.adam(1.0e-2), [(X[:8], y[:8]), (X[8:], y[8:])])
    return None
