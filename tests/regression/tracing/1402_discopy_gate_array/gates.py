"""Minimal stand-ins for the discopy quantum gates used by the notebook (numpy-backed)."""
import numpy as np


class Rz:
    def __init__(self, phase):
        self.phase = phase

    @property
    def array(self):
        half_theta = np.pi * self.phase
        return np.array([[np.exp(-1j * half_theta), 0], [0, np.exp(1j * half_theta)]])  # expect: JAX203


class Rx:
    def __init__(self, phase):
        self.phase = phase

    @property
    def array(self):
        half_theta = np.pi * self.phase
        c, s = np.cos(half_theta), np.sin(half_theta)  # expect: JAX203
        return np.array([[c, -1j * s], [-1j * s, c]])


def circuit_from_params(params):
    """One Rx-Rz-Rx layer per word, as in the IQP ansatz of the notebook."""
    return [Rx(params[0]), Rz(params[1]), Rx(params[2])]


def eval_circuit(gates):
    state = np.array([1.0, 0.0])
    for g in gates:
        state = g.array @ state
    return np.abs(state[0]) ** 2
