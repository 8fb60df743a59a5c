"""andnp/jax-research-template's canonical EnvSpec validated its continuous action bounds in
__post_init__ with `if not bool(jnp.all(self.action_low <= self.action_high))`. The specs are built by
env.spec(params) and by ActionNormalizationWrapper._normalized_spec, and those are called from inside the
jitted SAC training loop, where action_low/high (jnp.full, jnp.array) are tracers. Constructing the spec
under jit therefore raised TracerBoolConversionError; the fix commit "make canonical env bounds
validation jit-safe" deleted the value check and kept only the static checks.

Source: https://github.com/andnp/jax-research-template/blob/cad3f38d0859e32412dba03d68dd17ba3c75ed80/libs/rl-components/src/rl_components/env_protocol.py#L60
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from action_normalization import ActionNormalizationWrapper
from env_protocol import EnvSpec


class FakeCanonicalContinuousEnv:
    def spec(self, params=None) -> EnvSpec:
        return EnvSpec(
            id="fake-canonical-continuous",
            observation_shape=(3,),
            action_shape=(2,),
            action_dtype=jnp.float32,
            action_low=jnp.array([-2.0, 0.0], dtype=jnp.float32),
            action_high=jnp.array([2.0, 4.0], dtype=jnp.float32),
        )

    def step(self, key, state, action, params=None):
        next_state = state + 1
        obs = jnp.concatenate([action, jnp.asarray([next_state], dtype=jnp.float32)])
        return obs, next_state, jnp.array(1.0)


env = ActionNormalizationWrapper(FakeCanonicalContinuousEnv())


@jax.jit
def rollout(key, state):
    def body(carry, k):
        state = carry
        spec = env.spec()
        action = jax.random.uniform(k, spec.action_shape, minval=-1.0, maxval=1.0)
        obs, state, reward = env.step(k, state, action)
        return state, reward

    state, rewards = jax.lax.scan(body, state, jax.random.split(key, 4))
    return state, rewards.sum()


def run():
    rollout(jax.random.PRNGKey(0), jnp.array(0, dtype=jnp.int32))
    return 0


if __name__ == "__main__":
    run()
