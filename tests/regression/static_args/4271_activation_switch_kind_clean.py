"""A JAX learning repository's "scan and control flow" lesson jits
`activation(x, kind)` that picks identity / ReLU / tanh / sigmoid with
`jax.lax.switch(kind, [...], x)`, and calls it in a loop with the Python ints
0..3 as `kind` without marking `kind` static. lax.switch takes a traced branch
index, so `kind` can stay a dynamic argument: one compilation serves all four
activations.

Source: https://github.com/dragonfly90/jax_learning/blob/a35a83d0b516112fa5111fb4424937a56d87ba2b/06_scan_and_control_flow.py#L138
Observed on jax 0.10.x: activation compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def activation(x, kind):
    """Apply different activations based on kind index."""
    return jax.lax.switch(
        kind,
        [
            lambda x: x,                    # 0: identity
            lambda x: jax.nn.relu(x),        # 1: ReLU
            lambda x: jnp.tanh(x),           # 2: tanh
            lambda x: jax.nn.sigmoid(x),     # 3: sigmoid
        ],
        x
    )


def run():
    x = jnp.array([-1.0, 0.0, 1.0])
    outs = []
    for i, name in enumerate(['identity', 'relu', 'tanh', 'sigmoid']):
        outs.append(activation(x, i))
    assert float(outs[1][0]) == 0.0
    return 0
