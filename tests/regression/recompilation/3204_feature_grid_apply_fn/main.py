"""Gridworld DQN feature plots: for every (has_key, has_key2) combination the plotting routine
builds the observation batch and then, inside the loop, writes
`apply_fn = jax.jit(lambda params, obs: network.apply(params, obs, method=getattr(network,
method_name)))` "for maximum speed" before a single call. Each iteration jits a new lambda, so
the network is traced and compiled once per key combination even though the shapes never change.

Source: https://github.com/oliverdiamond/purejaxrl/blob/6d00e463a2c3d4ed0b11499ba481b1c6a7c412b5/src/dqn.py#L1084
Observed on jax 0.10.x: <lambda> compiled 4 times
"""
import jax
import numpy as np

from network import QNetwork, get_all_observations


def plot_features(network, network_params, H, W, method_name="features"):
    key_combinations = [(False, False), (True, False), (False, True), (True, True)]
    all_feature_grids = []
    for has_key, has_key2 in key_combinations:
        obs_batch, locations = get_all_observations(H, W, has_key, has_key2)
        # JIT the network application for maximum speed
        apply_fn = jax.jit(lambda params, obs: network.apply(
            params, obs, method=getattr(network, method_name)
        ))
        features_all = apply_fn(network_params, obs_batch)  # expect: JAX401
        features_all = np.asarray(features_all)
        feature_grid = np.full((H, W, features_all.shape[-1]), np.nan, dtype=np.float32)
        for idx, (row, col) in enumerate(locations):
            feature_grid[row, col, :] = features_all[idx]
        all_feature_grids.append(feature_grid)
    return all_feature_grids


def run():
    network = QNetwork()
    obs, _ = get_all_observations(3, 3, False, False)
    params = network.init(jax.random.PRNGKey(0), obs)
    plot_features(network, params, 3, 3)
