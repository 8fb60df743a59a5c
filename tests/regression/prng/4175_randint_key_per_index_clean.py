"""Random-index sampling in a JAX learning script of a robotics research repo. Inside a Python
loop the author writes `random.randint(random.key(i), shape=[2,], minval=0, maxval=2)`, i.e. a
fresh key is constructed on every iteration. That resembles the "PRNGKey rebuilt each iteration"
bug, but the seed is the loop index `i`, so every iteration gets a distinct key and the draws
differ; it is a deterministic, reproducible stream by construction. run() counts iterations whose
draw key repeats an earlier one (none).

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/LearningJax/basic/px.py#L18-L21
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import random


def sample_pairs(n):
    draws, keys = [], []
    for i in range(n):
        k = random.key(i)
        p = random.randint(k, shape=[2, ], minval=0, maxval=2)
        draws.append(p)
        keys.append(np.asarray(random.key_data(k)).tobytes())
    return draws, keys


def run():
    draws, keys = sample_pairs(4)
    return sum(1 for j in range(1, len(keys)) if keys[j] in keys[:j])


if __name__ == "__main__":
    print(run())
