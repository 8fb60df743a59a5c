"""DreamerV3's agent computes lambda-returns for both the imagined rollouts and the replayed
sequences with a helper that walks backwards over the time axis with a Python loop,
`for t in reversed(range(live.shape[1]))`. The helper is called inside the jitted train
step (and differentiated through), so the loop is unrolled at trace time: one copy of the
recursion per time step of the batch length (64 replay steps by default), which grows the
compiled program and the compile time with the sequence length.

Source: https://github.com/danijar/dreamerv3/blob/e3f02248693a79dc8b0ebd62c93683888ddaccfe/dreamerv3/agent.py
Observed on jax 0.10.x: train_step compiled 1 times
"""
import jax
import jax.numpy as jnp

from agent import train_step


def run():
  B, T, D = 4, 64, 8
  k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
  feat = jax.random.normal(k1, (B, T, D))
  rew = jax.random.normal(k2, (B, T))
  boot = jax.random.normal(k3, (B, T))
  last = jnp.zeros((B, T), bool)
  term = jnp.zeros((B, T), bool)
  params = jnp.zeros(D)
  for _ in range(2):
    params, loss = train_step(params, feat, last, term, rew, boot)
  return int(jnp.isfinite(loss))
