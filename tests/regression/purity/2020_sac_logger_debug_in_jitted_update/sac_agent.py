import jax
import jax.numpy as jnp
import optax

from utils import logger, mse_loss


class SACAgent:
    def __init__(self, rng, obs_dim=3, value_lr=3e-4, jit=True):
        self.rng = rng
        self.value_params = {"w": jnp.zeros((obs_dim, 1))}
        self.value_opt = optax.adam(value_lr)
        self.value_opt_state = self.value_opt.init(self.value_params)
        # disable jitting to log stuff from inside functions when debugging
        if jit:
            self.update_value = jax.jit(self._update_value)
        else:
            self.update_value = self._update_value

    def _update_value(self, value_params, value_opt_state, batch_state, target):
        def value_loss_fn(value_params):
            value = batch_state @ value_params["w"]
            return 0.5 * mse_loss(value, target)

        value_loss, value_grads = jax.value_and_grad(value_loss_fn)(value_params)
        value_updates, value_opt_state = self.value_opt.update(value_grads, value_opt_state)
        value_params = optax.apply_updates(value_params, value_updates)
        logger.debug('value_loss ' + f'{value_loss}')  # expect: JAX102
        return value_params, value_opt_state

    def learner_step(self, batch_state, target):
        self.value_params, self.value_opt_state = self.update_value(
            self.value_params, self.value_opt_state, batch_state, target
        )
