"""Training the plasticity model on several fly experiments: the loss needs a
noise key, created once as `jax.random.PRNGKey(10 * cfg.flyid)` outside the epoch
loop and advanced with `noise_key, _ = split(noise_key)` before every experiment's
`value_and_grad` call. The discarded second half of the split looks like a
dropped key, but the carried key changes each step, so no two loss evaluations
share noise.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/69864aea7c830f7394bae5fd21f6e7d525c1e295/plasticity/trainer.py#L48-L70
Observed on jax 0.10.x: 0 of 5 calls
"""
import jax
import jax.numpy as jnp
import optax
from jax.random import split


def loss(noise_key, params, plasticity_coeff, xs):
    noise = 0.01 * jax.random.normal(noise_key, xs.shape)
    pred = (xs + noise) @ params * plasticity_coeff[0]
    return jnp.mean(pred ** 2), noise


def train(flyid=1, num_epochs=2, num_experiments=3):
    params = jnp.ones((3, 1))
    plasticity_coeff = jnp.array([0.5, 0.0])
    xs = {i: jnp.full((4, 3), float(i)) for i in range(num_experiments)}
    loss_value_and_grad = jax.value_and_grad(loss, argnums=2, has_aux=True)
    optimizer = optax.adam(learning_rate=1e-3)
    opt_state = optimizer.init(plasticity_coeff)
    noises = []
    noise_key = jax.random.PRNGKey(10 * flyid)
    for epoch in range(num_epochs):
        for exp_i in xs:
            noise_key, _ = split(noise_key)
            (l, noise), meta_grads = loss_value_and_grad(noise_key, params, plasticity_coeff, xs[exp_i])
            updates, opt_state = optimizer.update(meta_grads, opt_state, plasticity_coeff)
            plasticity_coeff = optax.apply_updates(plasticity_coeff, updates)
            noises.append(noise)
    return noises


def run():
    noises = train()
    return sum(bool(jnp.array_equal(noises[0], n)) for n in noises[1:])
