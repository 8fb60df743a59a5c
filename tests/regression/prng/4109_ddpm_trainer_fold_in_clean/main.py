"""A robotics learner's DDPM trainer keeps `self.rng_key` on the trainer object.  In
each training step it splits the key into `key1, key2` for the diffusion timesteps and
the noise, and after the step advances the stored key with
`self.rng_key = jax.random.fold_in(self.rng_key, data=step)`.  The key lives in an
attribute and looks like it might be reused, but fold_in with the step counter gives a
fresh key every step, so timesteps and noises differ between steps.  Correct look-alike.

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/LearningJax/ddpm_conv/utils.py#L150-L176
Observed on jax 0.10.x: 0 of 5 calls
"""
import jax
import jax.numpy as jnp
from jax import random

from scheduler import DDPMScheduler


class DDPMTrainer:
    def __init__(self):
        self.rng_key = jax.random.PRNGKey(seed=1200)
        self.scheduler = DDPMScheduler()
        self.seen_noises = []

    def train(self, batches):
        step = 0
        for sample_img in batches:
            key1, key2 = random.split(self.rng_key, 2)
            timesteps = random.randint(key1, shape=[sample_img.shape[0]], minval=0, maxval=self.scheduler.timesteps)
            noises = random.normal(key2, shape=sample_img.shape)
            noisy_sample = self.scheduler.add_noise(sample_img, noises, timesteps)
            self.seen_noises.append(noises)
            step += 1
            self.rng_key = jax.random.fold_in(self.rng_key, data=step)
        return noisy_sample


def run():
    trainer = DDPMTrainer()
    trainer.train([jnp.zeros((2, 4, 4, 1))] * 6)
    ns = trainer.seen_noises
    return sum(int(jnp.array_equal(a, b)) for a, b in zip(ns, ns[1:]))
