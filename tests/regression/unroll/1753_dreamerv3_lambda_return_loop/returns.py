import jax.numpy as jnp

f32 = jnp.float32


def lambda_return(last, term, rew, val, boot, disc, lam):
  assert last.shape == term.shape == rew.shape == val.shape == boot.shape
  rets = [boot[:, -1]]
  live = (1 - term.astype(f32))[:, 1:] * disc
  cont = (1 - last.astype(f32))[:, 1:] * lam
  interm = rew[:, 1:] + (1 - cont) * live * boot[:, 1:]
  for t in reversed(range(live.shape[1])):  # expect: JAX407
    rets.append(interm[:, t] + live[:, t] * cont[:, t] * rets[-1])
  return jnp.stack(list(reversed(rets))[:-1], 1)
