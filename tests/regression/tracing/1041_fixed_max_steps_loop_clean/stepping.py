import jax
import jax.numpy as jnp


def make_step_fn(dt):
    def step_fn(state):
        t, temp = state
        return t + dt, temp * 0.98
    return step_fn


def run_loop_jit(step_fn, state, t_final, max_steps: int):
    def cond(carry):
        i, (t, _) = carry
        return jnp.logical_and(i < max_steps, t < t_final)

    def body(carry):
        i, s = carry
        return i + 1, step_fn(s)

    final_i, final_state = jax.lax.while_loop(cond, body, (0, state))
    return final_state, final_i
