"""GRU from scratch (d2l.ai style): parameters in a dict, forward over time."""
import jax
import jax.numpy as jnp


def init_gru_params(key, num_inputs, num_hiddens, sigma=0.01):
    ks = jax.random.split(key, 3)

    def triple(k):
        k1, k2 = jax.random.split(k)
        return (jax.random.normal(k1, (num_inputs, num_hiddens)) * sigma,
                jax.random.normal(k2, (num_hiddens, num_hiddens)) * sigma,
                jnp.zeros(num_hiddens))

    W_xz, W_hz, b_z = triple(ks[0])
    W_xr, W_hr, b_r = triple(ks[1])
    W_xh, W_hh, b_h = triple(ks[2])
    return dict(W_xz=W_xz, W_hz=W_hz, b_z=b_z, W_xr=W_xr, W_hr=W_hr, b_r=b_r,
                W_xh=W_xh, W_hh=W_hh, b_h=b_h)


class GRUScratch:
    def __init__(self, num_inputs, num_hiddens):
        self.num_inputs = num_inputs
        self.num_hiddens = num_hiddens

    def forward(self, p, inputs, H=None):
        if H is None:
            H = jnp.zeros((inputs.shape[1], self.num_hiddens))
        outputs = []
        for X in inputs:  # expect: JAX407
            Z = jax.nn.sigmoid(X @ p["W_xz"] + H @ p["W_hz"] + p["b_z"])
            R = jax.nn.sigmoid(X @ p["W_xr"] + H @ p["W_hr"] + p["b_r"])
            H_tilde = jnp.tanh(X @ p["W_xh"] + (R * H) @ p["W_hh"] + p["b_h"])
            H = Z * H + (1 - Z) * H_tilde
            outputs.append(H)
        return outputs, H
