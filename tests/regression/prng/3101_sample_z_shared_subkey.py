"""Early JAX-ThermoEBM pipeline: `sample_z` splits `state.key` into `key, subkey` and hands the
same `subkey` to both the prior Langevin sampler and the posterior Langevin sampler. Both chains
start from the same z0 and draw the very same noise sequence, so the "posterior" chain is just the
prior chain plus a drift; at temperature t = 0 (where the tempered posterior equals the prior) the
two samples are bit-identical. The split-off `key` is also never written back to `state`.

Source: https://github.com/PritRaj1/JAX-ThermoEBM/blob/92fc467507534d0d869265fed697cd3b2f5cbb29/src/pipeline/sample_generate_fcns.py#L13
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax
import jax.numpy as jnp


class Langevin_Sampler:
    def __init__(self, step_size, num_steps):
        self.s = step_size
        self.K = num_steps

    def __call__(self, x, state, key, data=None, t=None):
        for k in range(self.K):
            x += self.s * self.grad_log_fcn(x, state, data, t)
            key, subkey = jax.random.split(key)
            x += jnp.sqrt(2 * self.s) * jax.random.normal(subkey, x.shape)
        return x


class prior_sampler(Langevin_Sampler):
    def grad_log_fcn(self, z, state, data=None, t=None):
        grad_f = jax.grad(lambda z_: jnp.sum(state.params["EBM"] @ z_))(z)
        return grad_f - z


class posterior_sampler(Langevin_Sampler):
    def grad_log_fcn(self, z, state, data=None, t=None):
        def log_post(z_):
            x_pred = state.params["GEN"] @ z_
            return t * -jnp.sum((data - x_pred) ** 2) + jnp.sum(state.params["EBM"] @ z_) - 0.5 * jnp.sum(z_**2)
        return jax.grad(log_post)(z)


class TrainState:
    def __init__(self, key, params):
        self.key = key
        self.params = params
        self.samplers = {"prior": prior_sampler(0.1, 5), "posterior": posterior_sampler(0.1, 5)}


def sample_z(state, z0, data, t):
    prior_sampler = state.samplers["prior"]
    posterior_sampler = state.samplers["posterior"]
    key, subkey = jax.random.split(state.key)
    zK_prior = prior_sampler(z0, state, subkey)
    zK_posterior = posterior_sampler(z0, state, subkey, data, t)  # expect: JAX501
    return zK_prior, zK_posterior


def run():
    k0, k1, k2 = jax.random.split(jax.random.PRNGKey(0), 3)
    state = TrainState(k0, {"EBM": jax.random.normal(k1, (4,)), "GEN": jax.random.normal(k2, (6, 4))})
    z0 = jnp.zeros(4)
    data = jnp.ones(6)
    zK_prior, zK_posterior = jax.jit(lambda z, d, t: sample_z(state, z, d, t))(z0, data, 0.0)
    return int(bool(jnp.allclose(zK_prior, zK_posterior)))
