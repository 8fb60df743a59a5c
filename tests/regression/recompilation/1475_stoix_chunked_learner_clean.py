"""Stoix #104: training is split into chunks between evaluations, but each chunk is
the same jitted `learn` function applied to a learner state of fixed structure and
shapes. Calling it once per evaluation chunk does not recompile; only the first
chunk pays the compilation.

Source: https://github.com/EdanToledo/Stoix/issues/104
Observed on jax 0.10.x: learn compiled 1 times
"""
import jax
import jax.numpy as jnp


def make_learner_fn(num_updates_per_eval):
    def update_step(state, _):
        params, opt_state, key = state
        key, sub = jax.random.split(key)
        grad = jax.random.normal(sub, params.shape) * 0.01
        return (params - grad, opt_state + 1, key), jnp.mean(grad)

    def learn(learner_state):
        learner_state, metrics = jax.lax.scan(update_step, learner_state, None, num_updates_per_eval)
        return learner_state, metrics

    return learn


def run():
    learn = jax.jit(make_learner_fn(num_updates_per_eval=10))
    learner_state = (jnp.zeros(32), jnp.asarray(0), jax.random.PRNGKey(0))
    for eval_idx in range(4):
        learner_state, metrics = learn(learner_state)
    return None


if __name__ == "__main__":
    run()
