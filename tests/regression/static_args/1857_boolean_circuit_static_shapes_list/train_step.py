"""Training step implementation for GNN-based boolean circuit optimization."""
from functools import partial
from typing import List, Tuple

import jax
import jax.numpy as jp
import optax

from circuits import extract_logits_from_graph, gnn_message_step, run_circuit

optimizer = optax.adam(1e-3)


@partial(jax.jit, static_argnames=("logits_original_shapes", "n_message_steps"))
def train_step_model(  # expect: JAX301
    model,
    opt_state,
    graph,
    wires: List[jp.ndarray],
    x: jp.ndarray,
    y_target: jp.ndarray,
    logits_original_shapes: List[Tuple[int, int, int]],
    n_message_steps: int,
):
    def loss_fn(model):
        g = graph
        for _ in range(n_message_steps):
            g = gnn_message_step(model, g)
        updated_logits = extract_logits_from_graph(g, logits_original_shapes)
        y_pred = run_circuit(updated_logits, wires, x)[-1]
        return jp.mean((y_pred - y_target) ** 4)

    loss, grads = jax.value_and_grad(loss_fn)(model)
    updates, opt_state = optimizer.update(grads, opt_state)
    return optax.apply_updates(model, updates), opt_state, loss
