import jax
import jax.numpy as jnp
import numpy as np
import optax


class DoyaDaYu:
    def __init__(self, n_arms, n_ens, optimizer, mask_p=0.5, Q0=0.01, S0=0.001,
                 adapt_lrate=True, rng=None, lrate_per_arm=True, use_direct=True):
        if rng is None:
            rng = np.random.RandomState()
        self.rng = rng
        self._n_arms = n_arms
        self._n_ens = n_ens
        self.use_direct = use_direct
        self.adapt_lrate = adapt_lrate
        self.lrate_per_arm = lrate_per_arm

        if Q0 > 0:
            Q0 = rng.normal(scale=Q0, size=(n_arms, n_ens))
        if S0 > 0:
            S0 = np.abs(rng.normal(scale=S0, size=(n_arms, n_ens)))
        self.qvals = np.ones((n_arms, n_ens, 2))
        self.qvals[..., 0] *= Q0
        self.qvals[..., 1] *= S0
        self.step = 0
        self.qvals = jax.device_put(self.qvals)
        self.optimizer = optimizer
        self.opt_state = self.optimizer.init(self.qvals)
        self._rng_key = jax.random.PRNGKey(rng.randint(1000000))

        def loss(params, arm, reward, rng_key):
            mask = jax.random.bernoulli(rng_key, p=mask_p, shape=(n_ens,)).astype(jnp.float32)
            delta = reward - params[arm, :, 0]
            loss_val = 0.5 * jnp.sum(mask * (delta**2))
            if use_direct:
                delta_bar = jax.lax.stop_gradient(delta**2) - params[arm, :, 1]
            else:
                delta_bar = jax.lax.stop_gradient(reward**2) - params[arm, :, 1]
            loss_val += jnp.sum(mask * (delta_bar**2))
            return loss_val * self.learning_rate(arm)  # expect: JAX108

        self._loss = jax.jit(loss)

        def update(params, arm, reward, opt_state, rng_key):
            d_loss_d_params = jax.grad(self._loss)(params, arm, reward, rng_key)
            updates, new_opt_state = optimizer.update(d_loss_d_params, opt_state)
            params = optax.apply_updates(params, updates)
            return params, new_opt_state

        self._update = jax.jit(update)

    def get_epistemic(self):  # Unexpected uncertainty
        return self.qvals[..., 0].std(axis=1) ** 2

    def get_aleatoric(self):  # Expected uncertainty
        return jnp.abs(self.qvals[..., 1]).mean(axis=1)

    def learning_rate(self, arm):
        if self.adapt_lrate:
            lrate = self.get_epistemic() / (self.get_epistemic() + self.get_aleatoric())
            if self.lrate_per_arm:
                return lrate[arm]
            return lrate.mean()
        return 1.0

    def update(self, arm, reward):
        self.step += 1
        rng_key, self._rng_key = jax.random.split(self._rng_key, 2)
        self.qvals, self.opt_state = self._update(self.qvals, arm, reward, self.opt_state, rng_key)
