"""TFP ``monte_carlo_variational_loss`` splits ``seed`` up front and then hands the parent ``seed`` to VIMCO.

Source: https://github.com/tensorflow/probability/commit/898cfe9f62ebddae834c98971163703e852e3124
("TFP: fix key reuse issue in monte_carlo_variational_loss",
tensorflow_probability/python/vi/csiszar_divergence.py)

Before the fix ``monte_carlo_variational_loss`` began with
``sample_seed, target_seed = samplers.split_seed(seed, 2)`` and, when
``gradient_estimator == GradientEstimators.VIMCO``, returned
``csiszar_vimco(..., seed=seed)``: the already-split parent goes into
``csiszar_vimco``, which splits it a second time
(``sample_seed, target_seed = samplers.split_seed(seed, 2)``) and draws
``q.sample(..., seed=sample_seed)``. The fix moves the split below the VIMCO
branch. It was found with JAX's key-reuse checks; here the JAX backend uses
``jax.random`` typed keys and the loss is jit-compiled under
``jax.debug_key_reuse(True)``.

Observed on jax 0.10.2: raises KeyReuseError
"""
import enum

import jax
import jax.numpy as jnp

FULLY_REPARAMETERIZED = "FULLY_REPARAMETERIZED"


class GradientEstimators(enum.Enum):
    SCORE_FUNCTION = 0
    REPARAMETERIZATION = 1
    VIMCO = 2


class Normal:
    reparameterization_type = FULLY_REPARAMETERIZED

    def __init__(self, loc, scale):
        self.loc, self.scale = loc, scale

    def sample(self, sample_shape, seed):
        shape = tuple(sample_shape) + jnp.shape(self.loc)
        return self.loc + self.scale * jax.random.normal(seed, shape)

    def log_prob(self, x):
        z = (x - self.loc) / self.scale
        return -0.5 * z ** 2 - jnp.log(self.scale) - 0.5 * jnp.log(2 * jnp.pi)

    def experimental_sample_and_log_prob(self, sample_shape, seed):
        x = self.sample(sample_shape, seed)
        return x, self.log_prob(x)


def _call_fn_maybe_with_seed(fn, *args, seed=None):
    try:
        return fn(*args, seed=seed)
    except TypeError:
        return fn(*args)


def log_soomean_exp(logu, axis=0):
    """Leave-one-out ("swap-out") log-mean-exp and plain log-mean-exp along axis 0."""
    n = logu.shape[axis]
    loo_mean = (jnp.sum(logu, axis=0, keepdims=True) - logu) / (n - 1)
    eye = jnp.eye(n, dtype=bool).reshape((n, n) + (1,) * (logu.ndim - 1))
    swapped = jnp.where(eye, loo_mean[:, None], logu[None, :])
    log_sooavg_u = jax.nn.logsumexp(swapped, axis=1) - jnp.log(n)
    log_avg_u = jax.nn.logsumexp(logu, axis=0) - jnp.log(n)
    return log_sooavg_u, log_avg_u


def csiszar_vimco(f, p_log_prob, q, num_draws, num_batch_draws=1, seed=None):
    stop = jax.lax.stop_gradient
    sample_seed, target_seed = jax.random.split(seed, 2)
    q_sample = q.sample(sample_shape=[num_draws, num_batch_draws], seed=sample_seed)
    x = stop(q_sample)
    logqx = q.log_prob(x)
    logu = _call_fn_maybe_with_seed(p_log_prob, x, seed=target_seed) - logqx
    f_log_sooavg_u, f_log_avg_u = map(f, log_soomean_exp(logu, axis=0))
    dotprod = jnp.sum(logqx * stop(f_log_avg_u - f_log_sooavg_u), axis=0)
    f_log_avg_u = f_log_avg_u + dotprod - stop(dotprod)
    return jnp.mean(f_log_avg_u, axis=0)


def monte_carlo_variational_loss(target_log_prob_fn, surrogate_posterior,
                                 sample_size=1, importance_sample_size=1,
                                 discrepancy_fn=lambda logu: -logu,
                                 gradient_estimator=None, seed=None):
    sample_seed, target_seed = jax.random.split(seed, 2)
    if gradient_estimator is None:
        gradient_estimator = GradientEstimators.REPARAMETERIZATION

    if gradient_estimator == GradientEstimators.VIMCO:
        return csiszar_vimco(f=discrepancy_fn,
                             p_log_prob=target_log_prob_fn,
                             q=surrogate_posterior,
                             num_draws=importance_sample_size,
                             num_batch_draws=sample_size,
                             seed=seed)  # expect: JAX504,JAX501
    q_samples, q_lp = surrogate_posterior.experimental_sample_and_log_prob(
        [sample_size * importance_sample_size], seed=sample_seed)
    target_log_prob = _call_fn_maybe_with_seed(target_log_prob_fn, q_samples, seed=target_seed)
    return jnp.mean(discrepancy_fn(target_log_prob - q_lp))


def target_log_prob(x):
    return -0.5 * (x - 2.0) ** 2


@jax.jit
def vimco_loss(loc, log_scale, seed):
    q = Normal(loc, jnp.exp(log_scale))
    return monte_carlo_variational_loss(
        target_log_prob, q, sample_size=4, importance_sample_size=8,
        gradient_estimator=GradientEstimators.VIMCO, seed=seed)


def run():
    with jax.debug_key_reuse(True):
        loss = vimco_loss(jnp.zeros(2), jnp.zeros(2), jax.random.key(0))
        return float(jnp.sum(loss))
