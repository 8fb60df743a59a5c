"""score_sde "JIT multiple training steps together": instead of a Python loop over
`n_jitted_steps` inside the compiled function, the per-step function is wrapped as
`partial(jax.lax.scan, train_step_fn)` and the data iterator yields batches with a leading
`n_jitted_steps` axis, so one compiled program runs several optimisation steps with a
single traced copy of the step body.

Source: https://github.com/yang-song/score_sde/issues/8
Observed on jax 0.10.x: multi_step compiled 1 times
"""
import jax
import jax.numpy as jnp

n_jitted_steps = 5
lr = 1e-2


def loss_fn(params, rng, batch):
    noise = jax.random.normal(rng, batch.shape)
    sigma = 0.5
    score = (batch + sigma * noise) @ params["w"] + params["b"]
    return jnp.mean(jnp.sum((score * sigma + noise) ** 2, axis=-1))


def train_step_fn(carry_state, batch):
    rng, params = carry_state
    rng, step_rng = jax.random.split(rng)
    loss, grads = jax.value_and_grad(loss_fn)(params, step_rng, batch)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return (rng, params), loss


@jax.jit
def multi_step(carry_state, batches):
    return jax.lax.scan(train_step_fn, carry_state, batches)


def run():
    rng = jax.random.PRNGKey(0)
    params = {"w": jnp.zeros((4, 4)), "b": jnp.zeros((4,))}
    carry = (rng, params)
    losses = []
    for it in range(3):
        batches = jax.random.normal(jax.random.PRNGKey(it + 1), (n_jitted_steps, 8, 4))
        carry, ploss = multi_step(carry, batches)
        losses.append(ploss.mean())
    return jnp.stack(losses)
