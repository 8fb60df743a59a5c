"""Two independent categorical variables, one split key per variable (the fix).

Source: https://github.com/jax-ml/jax/issues/18950
Look-alike of the loop in the report written as the answer suggests: the
step's key is split into one subkey per variable before the comprehension, and
the carried key is advanced with the first output of `split`.

Observed on jax 0.10.2: 0 of 8 calls
"""
import jax
import jax.numpy as jnp
import jax.random as jrandom


class PairConfig:
    def __init__(self, n=40):
        base = jnp.linspace(0.0, 1.0, n)
        self.joint_logits = jnp.stack([base, base])


def draw_pair(key, cfg: PairConfig):
    keys = jrandom.split(key, len(cfg.joint_logits))
    return jnp.array([jrandom.categorical(k, logits) for k, logits in zip(keys, cfg.joint_logits)])


def run():
    cfg = PairConfig()
    key = jrandom.PRNGKey(0)
    same = 0
    for _ in range(8):
        key, subkey = jrandom.split(key)
        x, y = draw_pair(subkey, cfg)
        same += int(x == y)
    return same
