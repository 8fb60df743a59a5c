"""Gating diagnostics formatted with ``float(jnp.mean(...)):.8f`` inside the jitted attention.

Source: https://github.com/AI-Hypercomputer/maxdiffusion/commit/dce2562d486cc11cb19fadbd1746ff7fc9d6e711
("fix: use jax.debug.print to prevent concretization tracing errors")

The LTX-2 gated attention printed statistics of its ``to_gate_logits`` kernel
and bias with
``print(f"... mean: {float(jnp.mean(gate_kernel)):.8f}, std: {float(jnp.std(gate_kernel)):.8f}")``.
Inside the jitted denoising step the kernel is traced (the module state is an
argument), so ``float()`` of the statistic cannot be concretized. The fix moved
to ``jax.debug.print`` (and, in ae126744, dropped the ``:.8f`` specs too).

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


class LTX2GatedAttention:
    def __init__(self, heads, dim_head):
        self.heads = heads
        self.dim_head = dim_head

    def __call__(self, params, hidden_states):
        q = hidden_states @ params["to_q"]
        k = hidden_states @ params["to_k"]
        v = hidden_states @ params["to_v"]
        scores = jax.nn.softmax(q @ k.T / jnp.sqrt(self.dim_head), axis=-1)
        attn = scores @ v
        gate_kernel, gate_bias = params["to_gate_logits"]["kernel"], params["to_gate_logits"]["bias"]
        mean, std = float(jnp.mean(gate_kernel)), float(jnp.std(gate_kernel))  # expect: JAX202
        print(f"[Gating Diagnostics] to_gate_logits kernel - mean: {mean:.8f}, std: {std:.8f}", flush=True)  # expect: JAX101
        gates = jax.nn.sigmoid(hidden_states @ gate_kernel + gate_bias)
        return attn * gates


attention = LTX2GatedAttention(heads=1, dim_head=8)


@jax.jit
def denoise_step(params, hidden_states):
    return hidden_states + attention(params, hidden_states)


def run():
    keys = jax.random.split(jax.random.key(0), 5)
    params = {name: 0.1 * jax.random.normal(k, (8, 8))
              for name, k in zip(("to_q", "to_k", "to_v"), keys[:3])}
    params["to_gate_logits"] = {"kernel": 0.1 * jax.random.normal(keys[3], (8, 8)), "bias": jnp.zeros(8)}
    return denoise_step(params, jax.random.normal(keys[4], (4, 8)))
