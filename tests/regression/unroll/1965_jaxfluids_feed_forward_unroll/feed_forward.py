from typing import Callable, Tuple

import jax
import jax.numpy as jnp

from data_types import FeedForwardSetup

Array = jax.Array


def configure_multistep(do_integration_step_fn: Callable, post_process_fn: Callable,
                        feed_forward_setup: FeedForwardSetup) -> Callable:
    outer_steps = feed_forward_setup.outer_steps
    inner_steps = feed_forward_setup.inner_steps
    is_scan = feed_forward_setup.is_scan
    is_include_t0 = feed_forward_setup.is_include_t0

    def inner_step_unroll(primitives, physical_simulation_time, ml_parameters):
        for _ in range(inner_steps):
            primitives, physical_simulation_time = do_integration_step_fn(
                primitives, physical_simulation_time, ml_parameters)
        return primitives, physical_simulation_time

    def outer_step_unroll(primitives, physical_simulation_time, ml_parameters) -> Tuple[Array, Array]:
        if is_include_t0:
            out_buffer_list = [post_process_fn(primitives)]
            out_times_list = [physical_simulation_time]
        else:
            out_buffer_list, out_times_list = [], []

        for _ in range(outer_steps):  # expect: JAX407
            primitives, physical_simulation_time = inner_step_unroll(
                primitives, physical_simulation_time, ml_parameters)
            out_buffer_list.append(post_process_fn(primitives))
            out_times_list.append(physical_simulation_time)

        return jnp.stack(out_buffer_list), jnp.array(out_times_list)

    def outer_step_scan(primitives, physical_simulation_time, ml_parameters):
        def inner(carry, _):
            p, t = carry
            for _ in range(inner_steps):
                p, t = do_integration_step_fn(p, t, ml_parameters)
            return (p, t), (post_process_fn(p), t)
        _, (out_buffer, out_times) = jax.lax.scan(inner, (primitives, physical_simulation_time),
                                                  xs=None, length=outer_steps)
        return out_buffer, out_times

    def multistep(primitives, physical_simulation_time, ml_parameters):
        if is_scan:
            return outer_step_scan(primitives, physical_simulation_time, ml_parameters)
        else:
            return outer_step_unroll(primitives, physical_simulation_time, ml_parameters)

    return multistep
