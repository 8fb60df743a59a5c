"""Optax schedules at a traced position of a plain `jax.jit` (jax 0.10.2, optax 0.2.8; run with
/work/venv).

    python bench/measure_optax_schedules_under_jit.py

Results (2026-11-28): every schedule below is a Python function, and each raises `TypeError`
(`Error interpreting argument ... as an abstract array`): constant_schedule, linear_schedule,
exponential_decay, cosine_decay_schedule, warmup_cosine_decay_schedule,
warmup_exponential_decay_schedule, piecewise_constant_schedule, polynomial_schedule,
join_schedules, cosine_onecycle_schedule, piecewise_interpolate_schedule, sgdr_schedule,
warmup_constant_schedule.
"""
import jax
import optax

SCHEDULES = {
    "constant_schedule": lambda: optax.constant_schedule(0.1),
    "linear_schedule": lambda: optax.linear_schedule(0.1, 0.0, 100),
    "exponential_decay": lambda: optax.exponential_decay(0.1, 100, 0.9),
    "cosine_decay_schedule": lambda: optax.cosine_decay_schedule(0.1, 100),
    "warmup_cosine_decay_schedule": lambda: optax.warmup_cosine_decay_schedule(0.0, 0.1, 10, 100),
    "warmup_exponential_decay_schedule": lambda: optax.warmup_exponential_decay_schedule(0.0, 0.1, 10, 100, 0.9),
    "piecewise_constant_schedule": lambda: optax.piecewise_constant_schedule(0.1, {10: 0.5}),
    "polynomial_schedule": lambda: optax.polynomial_schedule(0.1, 0.0, 1, 100),
    "join_schedules": lambda: optax.join_schedules([optax.constant_schedule(0.1), optax.constant_schedule(0.2)], [10]),
    "cosine_onecycle_schedule": lambda: optax.cosine_onecycle_schedule(100, 0.1),
    "piecewise_interpolate_schedule": lambda: optax.piecewise_interpolate_schedule("linear", 0.1, {10: 0.5}),
    "sgdr_schedule": lambda: optax.sgdr_schedule([dict(init_value=0.0, peak_value=0.1, warmup_steps=1, decay_steps=10)]),
    "warmup_constant_schedule": lambda: optax.warmup_constant_schedule(0.0, 0.1, 10),
}

if __name__ == "__main__":
    for name, make in SCHEDULES.items():
        try:
            jax.jit(lambda x, s: x)(1.0, make())
            print(f"{name}: traced")
        except TypeError:
            print(f"{name}: TypeError")
