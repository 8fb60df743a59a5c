"""Inference-suboptimality reproduction (amortisation gap of VAEs, course project): the local
variational optimisation jits `run_epoch` with `static_argnums=(0, 1, 2)`, making the model, the
`jax.example_libraries.optimizers` optimiser and the sample count static. `optimize_local_batch`
builds a fresh `optimizers.adam(...)` for every batch; the returned `Optimizer` namedtuple holds
new closures whose hash is by identity, so the first epoch of every batch misses the jit cache and
`run_epoch` is recompiled once per batch of the dataset.

Source: https://github.com/ATML-2022-Group6/inference-suboptimality/blob/405d19e5d5665c71a4300a650cfa3e6fb9a2f6a6/local_opt.py#L56-L120
Observed on jax 0.10.x: run_epoch compiled 3 times
"""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, random
from jax.example_libraries import optimizers


@dataclass
class LocalHyperParams:
    learning_rate: float = 1e-3
    mc_samples: int = 4
    max_epochs: int = 3


class VAE:
    latent_size = 2

    def run_local(self, rng, image, enc_params, decoder_params):
        mu, logvar = enc_params
        z = mu + jnp.exp(0.5 * logvar) * random.normal(rng, mu.shape)
        logit = z @ decoder_params
        elbo = -jnp.sum((jax.nn.sigmoid(logit) - image) ** 2) - 0.5 * jnp.sum(mu ** 2)
        return elbo, z, mu, logvar


@partial(jit, static_argnums=(0, 1, 2))
def run_epoch(model, optimizer, num_samples, epoch, rng, opt_state, decoder_params, batch):
    def loss_fn(rng, image, enc_params):
        rngs = random.split(rng, num_samples)
        elbos, _, _, _ = jax.vmap(model.run_local, in_axes=(0, None, None, None))(rngs, image, enc_params, decoder_params)
        return -jnp.mean(elbos)

    def batch_loss_fn(enc_paramss):
        rngs = random.split(rng, batch.shape[0])
        losses = jax.vmap(loss_fn, in_axes=(0, 0, (0, 0)))(rngs, batch, enc_paramss)
        return jnp.mean(losses)

    enc_paramss = optimizer.params_fn(opt_state)
    loss, g = jax.value_and_grad(batch_loss_fn)(enc_paramss)
    return optimizer.update_fn(epoch, g, opt_state), loss


def optimize_local_batch(hps, model, decoder_params, batch):
    mu0 = jnp.zeros((batch.shape[0], model.latent_size))
    logvar0 = jnp.zeros((batch.shape[0], model.latent_size))
    optimizer = optimizers.adam(step_size=hps.learning_rate, eps=1e-4)
    opt_state = optimizer.init_fn((mu0, logvar0))
    for epoch in range(1, hps.max_epochs + 1):
        epoch_rng = random.PRNGKey(epoch)
        opt_state, loss = run_epoch(  # expect: JAX405
            model, optimizer, hps.mc_samples,
            epoch - 1, epoch_rng, opt_state, decoder_params, batch
        )
    return optimizer.params_fn(opt_state)


def run():
    hps, model = LocalHyperParams(), VAE()
    decoder_params = 0.1 * jnp.ones((2, 6))
    dataset = [jnp.full((3, 6), v) for v in (0.2, 0.5, 0.8)]
    for batch in dataset:
        optimize_local_batch(hps, model, decoder_params, batch)
    return None
