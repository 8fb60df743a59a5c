"""JaxMARL's PQN (VDN) baseline shuffles a rollout into minibatches with
`rng, _rng = jax.random.split(rng)` and then uses the same `_rng` twice on purpose:
`jax.tree.map(lambda x: preprocess_transition(x, _rng), transitions)` permutes every leaf of
the transition pytree and `jax.random.permutation(_rng, lambda_targets)` permutes the
lambda-returns. Sharing the key is what keeps observations, actions and targets aligned
after the shuffle; the key is split fresh for the next phase.

Source: https://github.com/FLAIROx/JaxMARL/blob/c793d095618c6d3edfb5632802348f57b70a4b94/baselines/QLearning/pqn_vdn_ff.py
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

NUM_MINIBATCHES = 2


def preprocess_transition(x, rng):
    x = x.reshape(-1, *x.shape[2:])
    x = jax.random.permutation(rng, x, axis=0)
    return x.reshape(NUM_MINIBATCHES, -1, *x.shape[1:])


@jax.jit
def make_minibatches(rng, transitions, lambda_targets):
    rng, _rng = jax.random.split(rng)
    minibatches = jax.tree.map(lambda x: preprocess_transition(x, _rng), transitions)
    targets = jax.random.permutation(_rng, lambda_targets.reshape(-1))
    targets = targets.reshape(NUM_MINIBATCHES, -1)
    return rng, minibatches, targets


def run():
    steps, envs = 4, 4
    idx = jnp.arange(steps * envs, dtype=jnp.float32).reshape(steps, envs)
    transitions = {"obs": idx[..., None] * jnp.ones(3), "action": idx}
    rng, mb, targets = make_minibatches(jax.random.PRNGKey(0), transitions, idx)
    assert bool(jnp.all(mb["action"] == targets))
    assert bool(jnp.all(mb["obs"][..., 0] == targets))
