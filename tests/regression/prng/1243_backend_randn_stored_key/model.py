from .backend import JaxBackend


def init_linear(backend: JaxBackend, fan_in, fan_out):
    """Initialises a linear layer through the backend's random functions."""
    scale = 1.0 / fan_in ** 0.5
    return {"w": scale * backend.randn(fan_in, fan_out), "b": backend.rand(fan_out) * 0.0}


def init_mlp(backend: JaxBackend, sizes):
    return [init_linear(backend, a, b) for a, b in zip(sizes[:-1], sizes[1:])]
