from dataclasses import dataclass
from functools import partial

import jax

import loss


@dataclass(frozen=True)
class SACConfig:
    discount: float = 0.99
    backup_entropy: bool = True
    tau: float = 0.005
    learnable_temp: bool = True
    target_entropy: float = -1.0
    actor_update_freq: int = 2
    target_update_freq: int = 1


class SAC:
    def __init__(self, cfg: SACConfig):
        self.cfg = cfg


    @partial(jax.jit, static_argnames=["self", "update_actor", "update_target"])
    def update_parameters(self, rng_key, ac, batch, update_actor: bool, update_target: bool):
        rng_key, critic_update_rng_key = jax.random.split(rng_key, 2)
        new_critic, critic_aux = loss.update_critic(critic_update_rng_key, ac, batch, self.cfg.discount,
                                                    self.cfg.backup_entropy)
        new_actor, actor_aux = ac["actor"], {}
        new_temp = ac["temp"]
        new_target = ac["target_critic"]

        if update_target:
            new_target = loss.update_target(ac["critic"], ac["target_critic"], self.cfg.tau)
        if update_actor:
            rng_key, actor_update_rng_key = jax.random.split(rng_key, 2)
            new_actor, actor_aux = loss.update_actor(actor_update_rng_key, ac, batch)
            if self.cfg.learnable_temp:
                new_temp, _ = loss.update_temp(ac["temp"], actor_aux["entropy"], self.cfg.target_entropy)
        ac = dict(actor=new_actor, critic=new_critic, target_critic=new_target, temp=new_temp)
        return ac, dict(critic_update_aux=critic_aux, actor_update_aux=actor_aux)
