"""Measured on jax 0.10.2: an object from outside the trace stays the same object when it reaches
the mutation through a helper's parameter or as an element of an outer container, so the
mutation happens once, at trace time (regression cases purity/1329 and purity/803).

Run: /work/venv/bin/python bench/outer_objects_through_helpers.py
"""
import jax
import jax.numpy as jnp

my_data = {"values": []}


def update_data(data_dict, new_value):
    data_dict["values"].append(new_value)  # the caller's dict, through the parameter
    return new_value * 2


class Model:
    def __init__(self):
        self.data = jnp.zeros(2)


class Sim:
    def __init__(self):
        self.models = {"a": Model()}

    def step(self):
        for _, model in self.models.items():  # an element of an outer container
            model.data = model.data + 1.0
        return 0.0


def main():
    step = jax.jit(lambda v: update_data(my_data, v))
    for v in (1.0, 2.0, 3.0):
        step(jnp.asarray(v))
    print("appended", len(my_data["values"]), "times over 3 calls")  # 1

    sim = Sim()
    model = sim.models["a"]
    jitted = jax.jit(sim.step)
    for _ in range(3):
        jitted()
    print("model.data is a tracer:", isinstance(model.data, jax.core.Tracer))  # True: stored once, leaked


if __name__ == "__main__":
    main()
