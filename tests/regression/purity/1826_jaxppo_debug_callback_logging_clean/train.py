from functools import partial

import jax
import jax.numpy as jnp

from logging_utils import log_variables, save_model


def check_update_frequency(num_update, num_updates, frequency):
    return (num_update % frequency == 0) | (num_update == num_updates - 1)


def make_train(num_updates: int, log: bool = True, save: bool = True, save_frequency: int = 2,
               save_folder: str = "ckpts"):
    @jax.jit
    def train(key):
        actor = jax.random.normal(key, (4,))

        def _update_step(runner_state, _):
            actor, timestep, num_update = runner_state
            actor = actor - 0.1 * actor
            timestep += 8
            if log:
                rewards_to_log = {"episodic reward/reward-0": -jnp.sum(actor**2)}
                rewards_to_log["timestep"] = timestep
                jax.debug.callback(log_variables, rewards_to_log)

            if save:
                _save_model = partial(save_model, save_folder=save_folder)

                def save_model_cond(actor, index):
                    jax.debug.callback(_save_model, actor, index)

                jax.lax.cond(
                    check_update_frequency(num_update, num_updates, save_frequency),
                    save_model_cond,
                    lambda actor, index: None,
                    actor,
                    num_update,
                )
            return (actor, timestep, num_update + 1), None

        runner_state, _ = jax.lax.scan(_update_step, (actor, 0, 0), xs=None, length=num_updates)
        return runner_state

    return train
