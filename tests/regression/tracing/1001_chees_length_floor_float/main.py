"""float() on a traced moving-average step size inside a jitted warmup.

Source: https://github.com/blackjax-devs/blackjax/issues/1029
What happened: chees_adaptation called _apply_length_floor(..., float(step_size_ma))
where step_size_ma = jnp.exp(...) is a tracer whenever the warmup is jitted, so
mass_matrix_estimation became unusable under jax.jit.
Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from adaptation import final_trajectory_length


@jax.jit
def finish_warmup(state):
    return final_trajectory_length(state)


def run():
    state = {
        "log_step_size_ma": jnp.float32(-1.0),
        "trajectory_length_ma": jnp.float32(1.5),
        "lambda_max": jnp.float32(4.0),
        "engaged": jnp.bool_(True),
    }
    return finish_warmup(state)
