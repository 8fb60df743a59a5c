"""Helpers of the boolean-circuit GNN (boolean_nca_cc/utils.py and
boolean_nca_cc/circuits/model.py), reduced to what the train step needs."""
import jax
import jax.numpy as jp


def extract_logits_from_graph(graph, logits_original_shapes):
    """Cut the flat node-logit table back into one (group_n, group_size, 2^arity)
    tensor per layer; the shapes must be Python ints."""
    logits, start = [], 0
    for shape in logits_original_shapes:
        n = shape[0] * shape[1]
        logits.append(graph["logits"][start:start + n].reshape(shape))
        start += n
    return logits


def run_circuit(logits, wires, x, hard=False):
    """Soft lookup-table gates: each gate mixes its 4 truth-table entries."""
    acts = [x]
    for layer_logits, w in zip(logits, wires):
        a, b = acts[-1][:, w[0]], acts[-1][:, w[1]]
        basis = jp.stack([(1 - a) * (1 - b), (1 - a) * b, a * (1 - b), a * b], -1)
        lut = jax.nn.sigmoid(layer_logits.reshape(-1, layer_logits.shape[-1]))
        if hard:
            lut = jp.round(lut)
        acts.append(jp.einsum("bgk,gk->bg", basis, lut))
    return acts


def gnn_message_step(model, graph):
    h = graph["logits"] @ model["w_self"] + model["b"]
    return {"logits": graph["logits"] + 0.1 * jp.tanh(h)}
