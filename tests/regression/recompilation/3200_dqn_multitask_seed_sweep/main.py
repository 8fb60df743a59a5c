"""DQN multitask script from a PureJaxRL fork: the seed sweep copies the config for every seed
and, inside the loop, builds `jax.jit(jax.vmap(make_train(current_config)))` afresh before
calling it. Each iteration hands jit a brand-new closure, so the whole training scan is traced
and compiled again for every seed even though only the PRNG seed changed.

Source: https://github.com/oliverdiamond/purejaxrl/blob/6d00e463a2c3d4ed0b11499ba481b1c6a7c412b5/archived/dqn_multitask.py#L1148
Observed on jax 0.10.x: train compiled 3 times
"""
import jax

from train import make_train


def main(config):
    seeds = config["SEED"]  # SEED is always a list in config files
    outs_per_seed = []
    for seed in seeds:
        current_config = config.copy()
        current_config["SEED"] = seed
        rng = jax.random.PRNGKey(current_config["SEED"])
        rngs = jax.random.split(rng, current_config["NUM_SEEDS"])
        train_vjit = jax.jit(jax.vmap(make_train(current_config)))
        outs = jax.block_until_ready(train_vjit(rngs))  # expect: JAX401
        outs_per_seed.append(outs["metrics"])
    return outs_per_seed


def run():
    config = {"SEED": [0, 1, 2], "NUM_SEEDS": 2, "NUM_UPDATES": 5, "NUM_ENVS": 8, "LR": 1e-2}
    main(config)
