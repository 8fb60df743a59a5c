import jax
import jax.numpy as jnp

from returns import lambda_return

sg = jax.lax.stop_gradient


def repl_loss(value_params, feat, last, term, rew, boot, slowreg=1.0, lam=0.95,
              horizon=333, contdisc=True):
  """Value loss on the replayed sequence (batch length T), as in DreamerV3's repl_loss."""
  val = feat @ value_params
  disc = 1 if contdisc else 1 - 1 / horizon
  weight = jnp.ones_like(rew)
  ret = lambda_return(last, term, rew, sg(val), boot, disc, lam)
  ret_padded = jnp.concatenate([ret, 0 * ret[:, -1:]], 1)
  loss = weight[:, :-1] * ((val - sg(ret_padded)) ** 2)[:, :-1]
  return loss.mean()


@jax.jit
def train_step(value_params, feat, last, term, rew, boot, lr=1e-3):
  loss, grads = jax.value_and_grad(repl_loss)(value_params, feat, last, term, rew, boot)
  return value_params - lr * grads, loss
