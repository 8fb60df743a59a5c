"""pax (clean look-alike): PPO metrics come out of `lax.scan` and are logged after it.

Source: https://github.com/ucl-dark/pax/pull/26
(pax, "Bring back agent2 logging": "Since jitting the train loop with
`lax.scan`, Agent2 logs `Jax.TracedDeviceArray` which can't be sent to Wandb").

Fixed version: `PPO.update` returns its losses, the scan stacks them as
outputs, and the runner reduces them and merges them into the logger dict
after the scan (`agent._logger.metrics = agent._logger.metrics |
flattened_metrics`), outside any trace. The dict writes in runner.py never run
under a transformation. A linter must not flag them. Package layout.

Observed on jax 0.10.2: runs
"""
import jax

from .ppo import PPO
from .runner import Runner


def wandb_log(metrics):
    return {k: float(v) for k, v in metrics.items()}


def run():
    agent = PPO(obs_dim=4, num_actions=2, seed=0)
    runner = Runner(num_steps=16, obs_dim=4)
    agent = runner.train_loop(agent, num_outer_steps=5, key=jax.random.PRNGKey(1))
    return wandb_log(agent._logger.metrics)
