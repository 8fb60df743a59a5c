"""Third step of the "superfluid" jit experiment: to checkpoint progress without leaving the
jitted optimisation, the author followed a chatbot suggestion and put
`with open('changing_output.pkl', 'wb') as f: pickle.dump(changing_output, f)` (plus the opt_state)
inside the lax.scan body of the jitted `n_steps`. The README records the result: "The error
occurred in the __reduce__ method, which may indicate an attempt to serialize/pickle a traced
value ... How does one checkpoint inside a jax.jit?" The file write is host I/O on tracers.

Source: https://github.com/anhinga/2024-jax-drafts/blob/388a9fd28802036300d1dc6365e00f184bc72d30/superfluid/jit-attempt/README.md
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import os
import pickle
import tempfile
import time

import jax
import jax.numpy as jnp
import optax

optimizer = optax.adam(learning_rate=0.1)
CKPT_DIR = tempfile.mkdtemp()


def loss_fn(changing_output):
    return jnp.sum((changing_output["w"] - 2.0) ** 2)


def step(changing_output, opt_state):
    loss, grads = jax.value_and_grad(loss_fn)(changing_output)
    updates, opt_state = optimizer.update(grads, opt_state)
    return optax.apply_updates(changing_output, updates), opt_state, loss


@jax.jit
def n_steps(changing_output, opt_state):
    def loop_body(carry, n_step):
        carry_val, changing_output, opt_state = carry
        changing_output, opt_state, loss = step(changing_output, opt_state)
        with open(os.path.join(CKPT_DIR, 'changing_output.pkl'), 'wb') as f:
            pickle.dump(changing_output, f)  # expect: JAX102
        new_carry_val = carry_val + n_step
        return (new_carry_val, changing_output, opt_state), new_carry_val

    initial_carry = (0, changing_output, opt_state)
    final_carry, _ = jax.lax.scan(loop_body, initial_carry, jnp.arange(3))
    _, final_changing_output, final_opt_state = final_carry
    return final_changing_output, final_opt_state


def run():
    changing_output = {"w": jnp.zeros(4, jnp.float32)}
    opt_state = optimizer.init(changing_output)
    changing_output, opt_state = n_steps(changing_output, opt_state)
    return float(changing_output["w"].sum())
