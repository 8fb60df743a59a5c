"""egoallo: pytree-dataclass field `max_iters` becomes a tracer and sizes an array.

Source: https://github.com/brentyi/egoallo/issues/17
(egoallo; fixed in commit 4663a8e "Fix runtime error, pin dependencies (#18)",
which changed `max_iters: int = 20` to `max_iters: jdc.Static[int] = 20`).

`JaxGuidanceParams` is a pytree dataclass holding loss weights and solver
settings; every field not marked static is a pytree leaf. The jitted
`_optimize_vmapped` receives the params object, so `guidance_params.max_iters`
is traced, and the Levenberg-Marquardt solver (jaxls) uses
`max_iterations` as an array size. Error in the report: "TypeError: Shapes must
be 1D sequences of concrete values of integer type ... depends on the value of
the argument guidance_params[12]". `jax_dataclasses` is replaced by
`jax.tree_util.register_dataclass` (same leaf/static split); the solver is a
trimmed gradient-descent stand-in with the same termination bookkeeping.

Observed on jax 0.10.2: raises TypeError
"""
from __future__ import annotations

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class TerminationConfig:
    max_iterations: int = 100
    cost_tolerance: float = 1e-5


@dataclasses.dataclass(frozen=True)
class JaxGuidanceParams:
    prior_quat_weight: float = 1.0
    prior_pos_weight: float = 5.0
    skate_weight: float = 30.0
    # Static (mirrors jdc.Static[bool] in the original).
    hand_quats: bool = True
    # Optimization parameters.
    lambda_initial: float = 0.1
    max_iters: int = 20

    @staticmethod
    def defaults(phase: str) -> "JaxGuidanceParams":
        return JaxGuidanceParams(max_iters=5 if phase == "inner" else 20)


jax.tree_util.register_dataclass(
    JaxGuidanceParams,
    data_fields=[
        "prior_quat_weight",
        "prior_pos_weight",
        "skate_weight",
        "lambda_initial",
        "max_iters",
    ],
    meta_fields=["hand_quats"],
)


def solve(cost_fn, initial, termination: TerminationConfig, lambda_initial):
    cost_history = jnp.zeros((termination.max_iterations,))  # expect: JAX204

    def body(i, carry):
        x, history = carry
        cost, grad = jax.value_and_grad(cost_fn)(x)
        history = history.at[i].set(cost)
        return x - lambda_initial * grad, history

    x, cost_history = jax.lax.fori_loop(
        0, termination.max_iterations, body, (initial, cost_history)
    )
    return x, cost_history


def _optimize(body_rotmats, Ts_world_cpf, guidance_params: JaxGuidanceParams):
    def cost(x):
        prior = guidance_params.prior_quat_weight * jnp.sum((x - body_rotmats) ** 2)
        skate = guidance_params.skate_weight * jnp.sum(jnp.diff(x, axis=0) ** 2)
        return prior + skate + guidance_params.prior_pos_weight * jnp.sum(Ts_world_cpf**2)

    solution, _ = solve(
        cost,
        body_rotmats,
        termination=TerminationConfig(max_iterations=guidance_params.max_iters),
        lambda_initial=guidance_params.lambda_initial,
    )
    return solution


@jax.jit
def _optimize_vmapped(Ts_world_cpf, body_rotmats, guidance_params):
    return jax.vmap(
        partial(_optimize, Ts_world_cpf=Ts_world_cpf, guidance_params=guidance_params)
    )(body_rotmats)


def run():
    body_rotmats = jnp.ones((2, 8, 21, 4))  # (samples, timesteps, joints, wxyz)
    Ts_world_cpf = jnp.zeros((8, 7))
    params = JaxGuidanceParams.defaults("inner")
    return _optimize_vmapped(Ts_world_cpf, body_rotmats, params)
