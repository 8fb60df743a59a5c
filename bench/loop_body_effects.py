"""Containers reached from outer ones, and tracers stored from a lax body run by host code.

    /work/venv/bin/python bench/loop_body_effects.py

Measured on jax 0.10.2 (CPU), printed by this script:
    element of an outer dict of lists, jitted, 3 calls: 1 append
    field of an outer object's field, jitted, 3 calls: 1 write
    scan body run from host code, 2 calls of a 5-step loop: body ran 2 times
    tracer stored from that body, used after the scan: ConcretizationTypeError (the escaped tracer)
"""

import jax
import jax.numpy as jnp

data = {"values": []}


class Logger:
    metrics: dict


class Agent:
    def __init__(self):
        self.logger = Logger()
        self.logger.metrics = {"writes": 0}

    def update(self, state):
        self.logger.metrics["writes"] += 1
        self.logger.metrics["loss"] = jnp.mean(state)
        return state


@jax.jit
def add(v):
    data["values"].append(v)
    return v * 2


def train(agent, n):
    def body(carry, _):
        return agent.update(carry), None

    return jax.lax.scan(body, jnp.zeros(3), None, length=n)


if __name__ == "__main__":
    for v in (1.0, 2.0, 3.0):
        add(jnp.asarray(v))
    print(f"element of an outer dict of lists, jitted, 3 calls: {len(data['values'])} append")
    agent = Agent()
    step = jax.jit(agent.update)
    for _ in range(3):
        step(jnp.ones(3))
    print(f"field of an outer object's field, jitted, 3 calls: {agent.logger.metrics['writes']} write")
    agent = Agent()
    train(agent, 5)
    train(agent, 5)
    print(f"scan body run from host code, 2 calls of a 5-step loop: body ran {agent.logger.metrics['writes']} times")
    try:
        float(agent.logger.metrics["loss"]) + 1.0
        print("tracer stored from that body, used after the scan: no error")
    except Exception as error:  # noqa: BLE001 - the measurement is the error's type
        print(f"tracer stored from that body, used after the scan: {type(error).__name__}")
