"""pax: PPO agent writes loss metrics into its logger from inside `lax.scan`.

Source: https://github.com/ucl-dark/pax/pull/26
(pax, "Bring back agent2 logging": "Since jitting the train loop with
`lax.scan`, Agent2 logs `Jax.TracedDeviceArray` which can't be sent to Wandb").

`PPO.update` stored the latest losses as a side effect,
`self._logger.metrics["loss_total"] = results["loss_total"]` (ppo.py). After
the runner moved the outer training loop into `jax.lax.scan` (runner.py), the
update is traced once: the logger dict keeps the tracers from that trace, and
the wandb logging step afterwards cannot turn them into numbers (`float()` on
the escaped tracer raises a ConcretizationTypeError naming the `float`
function). The PR returned the metrics from the scan instead (clean
look-alike). Package layout.

Observed on jax 0.10.2: raises ConcretizationTypeError
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
