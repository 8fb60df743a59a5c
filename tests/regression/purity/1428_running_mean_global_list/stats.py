"""Helper module: keeps the history of observed values in a module-level list."""
state = []  # global history of observations


def append_and_mean(x):
    state.append(x)  # expect: JAX104
    return sum(state) / len(state)
