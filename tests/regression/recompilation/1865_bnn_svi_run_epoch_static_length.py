"""pybandits' Bayesian-neural-network bandit refits its variational posterior on
every ``update``: ``_run_svi_training_loop`` builds
``_run_epoch = jax.jit(lambda state, n: jax.lax.scan(_svi_body, state, None, length=n), static_argnums=(1,))``
and then loops over ``epoch_steps_list``, passing each epoch's step count as the
static ``n``. The last epoch has fewer steps than the others, so every distinct
``n`` compiles a new program, and since the lambda itself is rebuilt on each
``update`` call, nothing is reused across bandit updates either: 2 compilations
per update here.

Source: https://github.com/PlaytikaOSS/pybandits/pull/137
Observed on jax 0.10.x: <lambda> compiled 6 times
"""
import jax
import jax.numpy as jnp
import numpy as np
import optax


class SVI:
    """Just enough of numpyro's SVI for a mean-field logistic-regression posterior."""

    def __init__(self, optimizer):
        self.optimizer = optimizer

    def init(self, key, x, y):
        params = {"loc": jnp.zeros(x.shape[1]), "log_scale": jnp.full(x.shape[1], -2.0, dtype=jnp.float32)}
        return params, self.optimizer.init(params), key

    def loss(self, params, key, x, y):
        eps = jax.random.normal(key, params["loc"].shape)
        w = params["loc"] + jnp.exp(params["log_scale"]) * eps
        logits = x @ w
        nll = -jnp.sum(y * jax.nn.log_sigmoid(logits) + (1 - y) * jax.nn.log_sigmoid(-logits))
        kl = 0.5 * jnp.sum(jnp.exp(2 * params["log_scale"]) + params["loc"] ** 2 - 1 - 2 * params["log_scale"])
        return nll + kl

    def update(self, state, x, y):
        params, opt_state, key = state
        key, sub = jax.random.split(key)
        loss, grads = jax.value_and_grad(self.loss)(params, sub, x, y)
        updates, opt_state = self.optimizer.update(grads, opt_state)
        return (optax.apply_updates(params, updates), opt_state, key), loss


class BayesianLogisticRegression:
    def __init__(self, n_features, num_steps=250, batch_steps=100, seed=0):
        self._rng_key = jax.random.PRNGKey(seed)
        self.num_steps = num_steps
        self.batch_steps = batch_steps
        self.params = None

    def _run_svi_training_loop(self, x_jnp, y_jnp):
        svi = SVI(optax.adam(1e-2))
        self._rng_key, subkey = jax.random.split(self._rng_key)
        svi_state = svi.init(subkey, x_jnp, y_jnp)

        def _svi_body(state, _):
            state, loss = svi.update(state, x_jnp, y_jnp)
            return state, loss

        _run_epoch = jax.jit(
            lambda state, n: jax.lax.scan(_svi_body, state, None, length=n),
            static_argnums=(1,),
        )
        full, rest = divmod(self.num_steps, self.batch_steps)
        epoch_steps_list = [self.batch_steps] * full + ([rest] if rest else [])
        all_losses = []
        for epoch_steps in epoch_steps_list:
            svi_state, epoch_losses = _run_epoch(svi_state, epoch_steps)  # expect: JAX403,JAX402
            all_losses.append(np.array(epoch_losses))
        return svi_state[0], np.concatenate(all_losses)

    def update(self, context, rewards):
        x_jnp = jnp.array(np.atleast_2d(context), dtype=jnp.float32)
        y_jnp = jnp.array(np.array(rewards, dtype=np.int32), dtype=jnp.float32)
        self.params, _ = self._run_svi_training_loop(x_jnp, y_jnp)


def run():
    rng = np.random.default_rng(0)
    model = BayesianLogisticRegression(n_features=3)
    for _ in range(3):   # three bandit rounds, same batch size each time
        context = rng.standard_normal((64, 3))
        rewards = (context[:, 0] > 0).astype(int).tolist()
        model.update(context, rewards)
