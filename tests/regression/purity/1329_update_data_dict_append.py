"""The apxml lesson "The challenge of state in a functional world" starts from ordinary Python
that keeps its state in a dict: `update_data` appends the new value to `data_dict['values']` and
records `last_added`. Put under `jax.jit`, the in-place update happens once at trace time (with
a tracer) and the compiled function leaves `my_data` untouched on later calls.

Source: https://apxml.com/courses/getting-started-with-jax/chapter-6-managing-state-in-jax/challenge-of-state-functional
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

my_data = {"values": [10, 20]}


def update_data(data_dict, new_value):
    # Modifies the dictionary passed in - a side effect
    data_dict["values"].append(new_value)  # expect: JAX104
    data_dict["last_added"] = new_value  # expect: JAX104
    return new_value * 2


def run():
    my_data["values"] = [10, 20]
    step = jax.jit(lambda v: update_data(my_data, v))
    missed = 0
    for v in (30, 40, 50):
        before = len(my_data["values"])
        step(jnp.asarray(v))
        missed += len(my_data["values"]) == before
    return missed
