"""Follow-up in the same "superfluid" experiment: to run several optimisation steps without
returning to Python, the author moved the loop into a jitted `n_steps` that drives
`jax.lax.scan(loop_body, initial_carry, jnp.arange(3))`, and kept the progress report
`print(f'step: {n_step} loss: {loss}')` inside the scanned body. The README records that after
jitting "the program starts behaving strangely": the body is traced once, so the line prints a
single time with tracer reprs instead of three per-step losses.

Source: https://github.com/anhinga/2024-jax-drafts/blob/1fbf71a4362bdbf2169af0413e3dfa2b585d1bd8/superfluid/jit-attempt/README.md
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
import optax

optimizer = optax.adam(learning_rate=0.1)


def loss_fn(changing_output):
    return jnp.sum((changing_output["w"] - 2.0) ** 2)


def step(changing_output, opt_state):
    loss, grads = jax.value_and_grad(loss_fn)(changing_output)
    updates, opt_state = optimizer.update(grads, opt_state)
    return optax.apply_updates(changing_output, updates), opt_state, loss


# Run optimization for 3 steps
@jax.jit
def n_steps(changing_output, opt_state):
    def loop_body(carry, n_step):
        carry_val, changing_output, opt_state = carry  # Unpack the carry
        changing_output, opt_state, loss = step(changing_output, opt_state)
        print(f'step: {n_step} loss: {loss}')  # expect: JAX101
        new_carry_val = carry_val + n_step  # Example update
        return (new_carry_val, changing_output, opt_state), new_carry_val

    initial_carry_val = 0  # Initial state
    steps = jnp.arange(3)  # Sequence of steps
    initial_carry = (initial_carry_val, changing_output, opt_state)
    final_carry, _ = jax.lax.scan(loop_body, initial_carry, steps)
    final_carry_val, final_changing_output, final_opt_state = final_carry
    return final_changing_output, final_opt_state


def run():
    changing_output = {"w": jnp.zeros(4, jnp.float32)}
    opt_state = optimizer.init(changing_output)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        changing_output, opt_state = n_steps(changing_output, opt_state)
    return buf.getvalue().count("step:")
