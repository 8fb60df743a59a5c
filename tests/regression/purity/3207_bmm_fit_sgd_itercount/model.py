import itertools

import jax
import jax.numpy as jnp
from jax import jit, value_and_grad, vmap
from jax.example_libraries import optimizers
from jax.lax import scan
from jax.nn import softmax
from jax.random import PRNGKey, permutation, split
from jax.scipy.special import expit, logit, logsumexp

opt_init, opt_update, get_params = optimizers.adam(1e-1)


class Jittable:
    """Like distrax's Jittable: the instance's attributes are the pytree leaves."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node(
            cls,
            lambda obj: (tuple(obj.__dict__.values()), tuple(obj.__dict__.keys())),
            lambda keys, vals: cls._from_dict(dict(zip(keys, vals))),
        )

    @classmethod
    def _from_dict(cls, d):
        obj = object.__new__(cls)
        obj.__dict__.update(d)
        return obj


class BMM(Jittable):
    def __init__(self, K, n_vars):
        self._probs = jnp.full((K, n_vars), 1.0 / K)
        self.model = (jnp.ones(K) / K, self._probs)

    def expected_log_likelihood(self, observations):
        mixing_coeffs, probs = self.model
        log_p = observations @ jnp.log(probs.T + 1e-9) + (1 - observations) @ jnp.log(1 - probs.T + 1e-9)
        return jnp.sum(logsumexp(log_p + jnp.log(mixing_coeffs), axis=1))

    def _make_minibatches(self, observations, batch_size, rng_key):
        perm = permutation(rng_key, len(observations))
        batch_indices = perm.reshape((len(observations) // batch_size, -1))
        return vmap(lambda idx: observations[idx])(batch_indices)

    @jit
    def loss_fn(self, params, batch):
        mixing_coeffs, probs = params
        self.model = (softmax(mixing_coeffs), expit(probs))  # expect: JAX105
        return -self.expected_log_likelihood(batch) / len(batch)

    @jit
    def update(self, i, opt_state, batch):
        params = get_params(opt_state)
        loss, grads = value_and_grad(self.loss_fn)(params, batch)
        return opt_update(i, grads, opt_state), loss

    def fit_sgd(self, observations, batch_size, rng_key=None, optimizer=None, num_epochs=3):
        global opt_init, opt_update, get_params
        if rng_key is None:
            rng_key = PRNGKey(0)
        if optimizer is not None:
            opt_init, opt_update, get_params = optimizer

        opt_state = opt_init((softmax(self.model[0]), logit(self._probs)))
        itercount = itertools.count()

        def epoch_step(opt_state, key):
            def train_step(opt_state, batch):
                opt_state, loss = self.update(next(itercount), opt_state, batch)  # expect: JAX107
                return opt_state, loss

            batches = self._make_minibatches(observations, batch_size, key)
            opt_state, losses = scan(train_step, opt_state, batches)
            return opt_state, losses.mean()

        epochs = split(rng_key, num_epochs)
        opt_state, history = scan(epoch_step, opt_state, epochs)
        mixing_coeffs, probs_logits = get_params(opt_state)
        self.model = (softmax(mixing_coeffs), expit(probs_logits))
        self._probs = expit(probs_logits)
        return history
