"""Block-0 parity audit gated by ``layer_idx == 0`` inside a scanned transformer stack.

Source: https://github.com/AI-Hypercomputer/maxdiffusion/commit/51c985d2f0b000d2cd7ebc4bc90662cec4076250
("make all layer_idx audits compile-time tracer-safe inside scanned block")

The LTX-2 transformer block emitted parity audits for block 0 only, guarded by
``if layer_idx == 0 or layer_idx is None:``. With ``scan_layers=True`` the
blocks run under a scan and ``layer_idx`` is the scanned loop index - a tracer -
so the guard needs its truth value while tracing. The fix moved the test into
the host callback (``int(layer_idx) != 0`` inside ``audit_slice_parity``) and
always emits the callback.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp
import numpy as np


def audit_slice_parity(jax_tensor, timestep_val, module_name):
    """Host-side audit (runs in a debug callback on concrete arrays)."""
    print(f"[parity] {module_name} t={np.asarray(timestep_val)} mean={np.asarray(jax_tensor).mean():.6f}")


class LTX2Block:
    def __call__(self, params, hidden_states, temb, layer_idx=None):
        attn = jnp.tanh(hidden_states @ params["attn"]) * temb
        hidden_states = hidden_states + attn
        if layer_idx == 0 or layer_idx is None:  # expect: JAX201
            jax.debug.callback(audit_slice_parity, attn, temb, "block0_attn1_out")
        return hidden_states + jnp.tanh(hidden_states @ params["ff"])


class LTX2Transformer:
    def __init__(self, num_layers, dim, key):
        k1, k2 = jax.random.split(key)
        self.block = LTX2Block()
        self.stacked = {
            "attn": 0.1 * jax.random.normal(k1, (num_layers, dim, dim)),
            "ff": 0.1 * jax.random.normal(k2, (num_layers, dim, dim)),
        }
        self.num_layers = num_layers

    def __call__(self, hidden_states, temb):
        def scan_body(h, layer):
            layer_params, layer_idx = layer
            return self.block(layer_params, h, temb, layer_idx=layer_idx), None

        layers = (self.stacked, jnp.arange(self.num_layers))
        hidden_states, _ = jax.lax.scan(scan_body, hidden_states, layers)
        return hidden_states


model = LTX2Transformer(num_layers=4, dim=8, key=jax.random.key(0))
denoise = jax.jit(model.__call__)


def run():
    hidden = jnp.ones((2, 8))
    return denoise(hidden, jnp.float32(0.5))
