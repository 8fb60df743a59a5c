"""elegy started passing `donate_argnums=1` to its jitted train step so the model states' buffers
are reused for the outputs. A user running the simple MNIST example then hit "Donation requested
for invalid buffer": their loop kept a reference to the states from before the step and fed it to
the jitted step again, but those buffers had already been donated (deleted) by the previous call.

Source: https://github.com/poets-ai/elegy/pull/226
Observed on jax 0.10.x: raises ValueError
"""
import jax.numpy as jnp

from model import Model


def run():
    model = Model(4, 1)
    x, y = jnp.ones((8, 4)), jnp.ones((8, 1))
    initial_states = model.states
    model.train_on_batch(x, y)
    # evaluate the "before" snapshot again, as the example notebook did
    model.jitted_train_step(model, initial_states, x, y)
    return None


if __name__ == "__main__":
    run()
