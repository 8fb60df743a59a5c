"""Boolean-circuit NCA research code (jraph graphs + flax nnx, rebuilt here with
jax.jit and optax since flax is not available). train_step_model marks
`logits_original_shapes` static because extract_logits_from_graph slices and
reshapes with those numbers, yet annotates it as List[Tuple[int, int, int]],
and every place in the repository builds it as a list comprehension,
`[logit.shape for logit in logits]`. Passing that list to the static argument
fails at the first call: a list cannot be hashed into the jit cache key.

Source: https://github.com/GabrielBena/boolean_nca_cc/blob/aa78685275a4fd2a5f72ab5fd0a388b25828cf65/boolean_nca_cc/training/train_step.py#L20
Source: https://github.com/GabrielBena/boolean_nca_cc/blob/aa78685275a4fd2a5f72ab5fd0a388b25828cf65/boolean_nca_cc/training/evaluation.py#L52
Observed on jax 0.10.x: raises ValueError
"""
import jax
import jax.numpy as jp

from train_step import optimizer, train_step_model


def run():
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    input_n, layer_sizes = 4, [(4, 1), (2, 1)]
    logits = [jax.random.normal(k, (g, s, 4)) for k, (g, s) in zip((k1, k2), layer_sizes)]
    wires = [jp.array([[0, 2, 1, 3], [1, 3, 0, 2]]), jp.array([[0, 2], [1, 3]])]
    x = jax.random.bernoulli(k3, 0.5, (16, input_n)).astype(jp.float32)
    y_target = x[:, :2]
    graph = {"logits": jp.concatenate([l.reshape(-1, 4) for l in logits])}
    model = {"w_self": jp.eye(4) * 0.5, "b": jp.zeros(4)}
    opt_state = optimizer.init(model)

    logits_original_shapes = [logit.shape for logit in logits]
    model, opt_state, loss = train_step_model(model, opt_state, graph, wires, x, y_target, logits_original_shapes, 2)  # expect: JAX302
    return float(loss)


if __name__ == "__main__":
    print(run())
