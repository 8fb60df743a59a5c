"""Early JAX-ThermoEBM thermodynamic-integration loss: `discretised_TI_loss_fcn.__call__`
loops `for idx, t in enumerate(temp_schedule)` where `temp_schedule` is the jnp array
`jnp.linspace(0, 1, num_temps) ** temperature_power` stored on the train state, sampling prior and
posterior latents and evaluating the loss at every temperature. The loss is differentiated and
jitted, so iterating over the array unrolls one full sampling + loss body per temperature at trace
time (and again in the backward pass); a lax.scan over the schedule traces it once.

Source: https://github.com/PritRaj1/JAX-ThermoEBM/blob/591e734b0eca7dffa8a7a371449a734b8a3b9979/src/pipeline/loss_fcn.py#L65
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from train_state import TrainState, sample_z


def gen_loss(params, x, z):
    return jnp.mean(jnp.sum((x - z @ params) ** 2, axis=-1))


class discretised_TI_loss_fcn():
    def __init__(self, loss_fcn, gen=False):
        self.loss_fcn = loss_fcn
        self.is_gen = gen

    def __call__(self, params, state, data, key):
        total_loss = 0
        temp_schedule = state.temp["schedule"]
        for idx, t in enumerate(temp_schedule):  # expect: JAX407
            key, subkey = jax.random.split(key)
            z_prior, z_posterior = sample_z(state, data, t, subkey)
            y = data if self.is_gen else z_prior
            loss_current = self.loss_fcn(params, y, z_posterior)
            if len(state.temp["schedule"]) > 1:
                delta_T = t - temp_schedule[idx - 1] if idx != 0 else 0
                total_loss += 0.5 * (loss_current + total_loss) * delta_T
            else:
                total_loss += loss_current
        return total_loss


def run():
    k1, k2, key = jax.random.split(jax.random.PRNGKey(0), 3)
    params = 0.1 * jax.random.normal(k1, (4, 12))
    state = TrainState(k2, params, temperature_power=1, num_temps=10)
    loss_fn = discretised_TI_loss_fcn(gen_loss, gen=True)
    value_and_grad = jax.jit(jax.value_and_grad(lambda p, d, k: loss_fn(p, state, d, k)))
    loss, grads = value_and_grad(params, jnp.ones((8, 12)), key)
    loss.block_until_ready()
