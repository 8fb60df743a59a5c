import jax
import jax.numpy as jnp


def policy_params_fn(env, policy_apply, params, key, n_steps=10):
    """Renders one evaluation rollout; called after every training epoch."""
    jit_reset = jax.jit(env.reset)
    jit_step = jax.jit(env.step)
    state = jit_reset(key)  # expect: JAX402
    frames = []
    for _ in range(n_steps):
        action = policy_apply(params, state)
        state = jit_step(state, action)  # expect: JAX402
        frames.append(state)
    return jnp.stack(frames)
