import time

import jax
import optax
from jax import tree_util

# Mask to ensure updates only apply to optimizable weights
mask_tree = {"dict-1": {":number": True}, "dict-2": {":number": False}}

# Adam optimizer
optimizer = optax.adam(learning_rate=0.1)


def square(x):
    return x * x


def loss_fn(changing_output, target):
    first = [changing_output["dict-1"][":number"] * t for t in target]
    second = [changing_output["dict-2"][":number"] * t for t in target]
    return sum(square(x - 1.0) for x in first) + sum(square(y - 2.0) for y in second)


# Define the optimization step
@jax.jit
def step(changing_output, opt_state, target):
    start_time = time.time()  # expect: JAX106
    print("about to compute gradient")  # expect: JAX101
    loss, grads = jax.value_and_grad(loss_fn)(changing_output, target)
    print(time.time() - start_time, " seconds to compute gradient")  # expect: JAX101,JAX106

    # Apply mask to gradients
    grads = tree_util.tree_map(lambda g, m: g if m else 0 * g, grads, mask_tree)

    updates, opt_state = optimizer.update(grads, opt_state)
    new_tree = optax.apply_updates(changing_output, updates)
    return new_tree, opt_state, loss
