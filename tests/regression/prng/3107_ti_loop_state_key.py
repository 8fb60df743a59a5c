"""Early thermodynamic-integration loss of JAX-ThermoEBM: inside the loop over the temperature
schedule, `z_0 = state.samplers['prior'].sample_p0(state.key)` draws the initial latent from
`state.key`, which is never advanced inside the loop (sample_p0 returns a new key that is thrown
away). Every temperature starts its chains from the same z_0 instead of a fresh draw.

Source: https://github.com/PritRaj1/JAX-ThermoEBM/blob/92fc467507534d0d869265fed697cd3b2f5cbb29/src/pipeline/loss_fcn.py#L67
Observed on jax 0.10.x: 9 of 10 calls
"""
import jax
import jax.numpy as jnp

TEMP_SCHEDULE = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0)


class PriorSampler:
    def __init__(self, p0_sigma, num_z):
        self.p0_sig = p0_sigma
        self.num_z = num_z

    def sample_p0(self, key):
        key, subkey = jax.random.split(key)
        return self.p0_sig * jax.random.normal(subkey, (self.num_z,)), key


class State:
    def __init__(self, key):
        self.key = key
        self.samplers = {"prior": PriorSampler(1.0, 6)}
        self.temp = {"schedule": TEMP_SCHEDULE}


class discretised_TI_loss_fcn:
    def __call__(self, state, data):
        total_loss = 0.0
        z0s = []
        temp_schedule = state.temp["schedule"]
        for idx, t in enumerate(temp_schedule):
            z_0, _ = state.samplers["prior"].sample_p0(state.key)  # expect: JAX503
            z0s.append(z_0)
            loss_current = t * jnp.sum((data[: z_0.shape[0]] - z_0) ** 2)
            delta_T = t - temp_schedule[idx - 1] if idx != 0 else 0
            total_loss += 0.5 * (loss_current + total_loss) * delta_T
        return total_loss, jnp.stack(z0s)


def run():
    state = State(jax.random.PRNGKey(0))
    loss_fn = discretised_TI_loss_fcn()
    loss, z0s = jax.jit(lambda d: loss_fn(state, d))(jnp.ones(8))
    return int(sum(bool(jnp.all(z0s[i] == z0s[0])) for i in range(1, len(TEMP_SCHEDULE))))
