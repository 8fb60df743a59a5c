"""Console reporting helpers for the training script."""


def report(name, value, step_name="train"):
    print(f"[{step_name}] {name}: {value}")  # expect: JAX101
    return value
