"""Eval step re-partitioned (and re-jitted) for every eval split with the same batch size.

Source: https://github.com/google/paxml/commit/4ad4f242d55ba8e212a46e634bf7d9bf09a35864
What happened: before this paxml commit, `partitioner.partition(step_fn, inputs_shape_dtype,
is_eval, unpadded_global_batch_size)` baked the unpadded global batch size into a freshly
wrapped, partitioned step function, and the eval/decode code built one such function per
input split (`_SpmdEvalCheckpointer` returned `Sequence[Callable]`, one per split), so
every split compiled its own program even when the splits shared the same batch size.
Guangda Lai's commit "Make unpadded_global_batch_size a static arg of the partitioned
function, so we can rely on the compiler to re-compile the function instead of doing it
manually ... This also helps to avoid unnecessary re-compilations in cases where there are
eval/decode inputs sharing the same unpadded_global_batch_size" passes the size at call
time (`eval_steps[split](eval_inputs, model_inputs[split].get_global_batch_size(...))`).
Here three eval splits with the same batch size each get their own partitioned step.

Observed on jax 0.10.2: eval_step compiled 3 times
"""
import jax
import jax.numpy as jnp

from partitioner import Partitioner


def eval_step(params, batch, unpadded_global_batch_size):
    logits = batch["x"] @ params["w"]
    per_example = jnp.sum((logits - batch["y"]) ** 2, axis=-1)
    valid = jnp.arange(per_example.shape[0]) < unpadded_global_batch_size
    return jnp.sum(jnp.where(valid, per_example, 0.0)) / unpadded_global_batch_size


def run_eval_loop_over_test_splits(partitioner, params, splits):
    eval_steps = [partitioner.partition(eval_step, None, True, s["unpadded_batch_size"])
                  for s in splits]
    return [float(step(params, s["batch"])) for step, s in zip(eval_steps, splits)]


def run():
    params = {"w": jnp.ones((4, 2))}
    splits = []
    for i in range(3):
        k = jax.random.PRNGKey(i)
        splits.append({"unpadded_batch_size": 6,
                       "batch": {"x": jax.random.normal(k, (8, 4)), "y": jnp.zeros((8, 2))}})
    return len(run_eval_loop_over_test_splits(Partitioner(), params, splits))


if __name__ == "__main__":
    print(run())
