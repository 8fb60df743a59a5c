"""PennyLane's "How to optimize a QML model using JAX and Optax" demo jits the update step, but
`update_step_jit` silently used a module-level optimizer instead of the one built inside
`optimization_jit` (issue #1045). The natural fix, passing `opt` in as an argument, "gave
problems": an optax GradientTransformation is a NamedTuple of functions, and a jitted function
that receives it at a traced position cannot turn the `init`/`update` functions into abstract
arrays. The quantum circuit is replaced by a small classical model; the optimizer plumbing is
the demo's.

Source: https://github.com/PennyLaneAI/demos/pull/1052
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp
import optax


def circuit(data, weights):
    return jnp.tanh(data @ weights[:4] + weights[4])


def my_model(data, weights, bias):
    return circuit(data, weights) + bias


@jax.jit
def loss_fn(params, data, targets):
    predictions = my_model(data, params["weights"], params["bias"])
    return jnp.sum((targets - predictions) ** 2 / len(data))


@jax.jit
def update_step_jit(i, args, opt):
    params, opt_state, data, targets, print_training = args
    loss_val, grads = jax.value_and_grad(loss_fn)(params, data, targets)
    updates, opt_state = opt.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    return (params, opt_state, data, targets, print_training)


def optimization_jit(params, data, targets, print_training=False):
    opt = optax.adam(learning_rate=0.3)
    opt_state = opt.init(params)
    args = (params, opt_state, jnp.asarray(data), targets, print_training)
    for i in range(5):
        args = update_step_jit(i, args, opt)  # expect: JAX306
    return args[0]


def run():
    key = jax.random.PRNGKey(0)
    data = jax.random.normal(key, (20, 4))
    targets = jnp.sin(data[:, 0])
    params = {"weights": jnp.ones(5) * 0.1, "bias": jnp.array(0.0)}
    return optimization_jit(params, data, targets)
