"""Two independent categorical variables sampled with one key per loop step.

Source: https://github.com/jax-ml/jax/issues/18950
The reporter sampled two independent categorical variables X and Y in a loop,
`e1 = [jrandom.categorical(key, logits) for logits in joint_logits]`, splitting
`key` only once per iteration; every variable in the comprehension consumed the
same key, so X and Y were not independent (jakevdp: reusing the key "leads to
generation of non-independent samples"; use one split key per variable).

The loop also kept the report's
`key, subkey = jrandom.split(key)` after the draws, so the key that fed the
draws is split again for the next step (second marked line).

Here a simulator draws an (X, Y) pair per step from per-variable logits held in
a config object; when the two variables share a distribution their draws are
equal on every step.

Observed on jax 0.10.2: 8 of 8 calls
"""
import jax
import jax.numpy as jnp
import jax.random as jrandom


class PairConfig:
    def __init__(self, n=40):
        base = jnp.linspace(0.0, 1.0, n)
        # X and Y are independent variables that happen to share a distribution.
        self.joint_logits = jnp.stack([base, base])


def draw_pair(key, cfg: PairConfig):
    return jnp.array([jrandom.categorical(key, logits) for logits in cfg.joint_logits])  # expect: JAX501,JAX503


def run():
    cfg = PairConfig()
    key = jrandom.PRNGKey(0)
    same = 0
    for _ in range(8):
        x, y = draw_pair(key, cfg)
        same += int(x == y)
        key, subkey = jrandom.split(key)  # expect: JAX501,JAX504
    return same
