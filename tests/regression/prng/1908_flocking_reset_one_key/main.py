"""EvoJAX's flocking task resets every boid from one PRNG key: reset_fn splits the incoming key
into next_key and key, then hands the same `key` to sample_position (uniform, shape (n, 2)) and to
sample_theta (uniform, shape (n, 1)). Both draws read the same random stream, so each boid's heading
is just a rescaled copy of one of the position coordinates; the initial flock is not random in
the way the task intends, in every one of the vectorised environments.

Source: https://github.com/google/evojax/blob/acf5252475e4fbf47e0e3f7994c03de11dd3c4ca/evojax/task/flocking.py#L265
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from flocking import BOIDS_NUM, FlockingTask


def run():
    task = FlockingTask()
    hits = 0
    for seed in range(3):
        keys = jax.random.split(jax.random.PRNGKey(seed), 4)
        st = task.reset(keys)
        position, theta = st.state[..., :2], st.state[..., 2]
        # heading / 2pi reproduces the flattened position draws of the same env
        flat_pos = position.reshape(position.shape[0], -1)[:, :BOIDS_NUM]
        hits += int(jnp.allclose(theta / (2. * jnp.pi), flat_pos, atol=1e-5))
    return hits
