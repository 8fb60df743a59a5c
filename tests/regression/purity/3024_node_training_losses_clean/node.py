from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import optax


@dataclass
class HParams:
    state_size: int = 2
    num_epochs: int = 6
    loss_recording_frequency: int = 2
    train_size: int = 8
    minibatch_size: int = 4
    num_steps: int = 10


class NeuralODE:
    def __init__(self, hp, key):
        self.hp = hp
        self.stepsize = 0.1
        self.num_steps = hp.num_steps
        k1, k2 = jax.random.split(key)
        self.params = {"w": jax.random.normal(k1, (hp.state_size + 1, hp.state_size)) * 0.1,
                       "b": jnp.zeros(hp.state_size)}
        self.opt = optax.adam(1e-2)
        self.opt_state = self.opt.init(self.params)
        self.train_data = jax.random.normal(k2, (hp.train_size, hp.num_steps, hp.state_size + 1))
        self.losses = {"ts": [], "train_loss": []}

    def net_apply(self, params, net_input):
        return jnp.tanh(net_input @ params["w"] + params["b"])
