"""Clean look-alike. myriad's neural-ODE trainer jits `loss(params, minibatch)` and
`update(params, opt_state, minibatch)` inside `train(node)`. All the state handling
happens in plain Python around them: `node.params, node.opt_state = update(...)` rebinds
attributes after the jitted call returns, and `calculate_losses` appends the returned
losses to `node.losses[...]` lists and the loop prints them. The jitted bodies only read
configuration (`node.hp.state_size`, `node.stepsize`) that never changes, and take the
parameters as arguments, so every recorded loss is a fresh value.

Source: https://github.com/nikihowe/myriad/blob/6fb1b1e5c799ed91390076f6bf79f66d53f1fa5b/myriad/neural_ode/node_training.py#L117
Observed on jax 0.10.x: runs
"""
import jax

from node import HParams, NeuralODE
from training import train


def run():
    node = NeuralODE(HParams(), jax.random.PRNGKey(0))
    train(node)
    losses = [float(l) for l in node.losses["train_loss"]]
    assert len(set(losses)) == len(losses)
    return len(losses)
