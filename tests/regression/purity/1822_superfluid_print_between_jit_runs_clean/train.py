import jax
import jax.numpy as jnp
import optax

optimizer = optax.adam(learning_rate=0.1)


def loss_fn(changing_output):
    return jnp.sum((changing_output["w"] - 2.0) ** 2)


@jax.jit
def step(changing_output, opt_state):
    loss, grads = jax.value_and_grad(loss_fn)(changing_output)
    updates, opt_state = optimizer.update(grads, opt_state)
    return optax.apply_updates(changing_output, updates), opt_state, loss


@jax.jit
def n_steps(changing_output, opt_state):
    def loop_body(carry, n_step):
        carry_val, changing_output, opt_state = carry
        changing_output, opt_state, loss = step(changing_output, opt_state)
        new_carry_val = carry_val + n_step
        return (new_carry_val, changing_output, opt_state), loss

    initial_carry = (0, changing_output, opt_state)
    final_carry, losses = jax.lax.scan(loop_body, initial_carry, jnp.arange(3))
    _, final_changing_output, final_opt_state = final_carry
    return final_changing_output, final_opt_state, losses
