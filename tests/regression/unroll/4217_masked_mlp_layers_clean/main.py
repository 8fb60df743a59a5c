"""Training only a binary mask over a frozen MLP on Iris. The equinox model's `__call__` loops
`for index in range(len(self.layers))` over its list of Linear layers (depth 10 in the script:
nine masked layers), and `make_step` is `eqx.filter_jit`-ed. The trip count is the length of a
Python list of modules fixed at construction, a small static architecture constant, so the
unrolled graph is just the network's layers.

Source: https://github.com/polionus/mask-continual/blob/61cb980aa4618496d40d65c9701b7ef8ca6b2cf5/mask.py#L72
Observed on jax 0.10.x: make_step compiled 1 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.tree_util as jtu
import optax

from model import Model


def make_key_gen(key):
    while True:
        key, subkey = jax.random.split(key)
        yield subkey


def run(width=16, depth=10, train_weights=False, num_epochs=3):
    keygen = make_key_gen(jax.random.key(0))
    X = jax.random.normal(next(keygen), (30, 4))
    y_onehot = jax.nn.one_hot(jnp.arange(30) % 3, 3)
    model = Model(4, 3, width, depth, keygen)
    optimizer = optax.adam(learning_rate=1e-3)
    filter_spec = jtu.tree_map(lambda _: train_weights, model)
    filter_spec = eqx.tree_at(lambda tree: tree.mask_logits, filter_spec,
                              replace=[not train_weights] * len(model.mask_logits))
    opt_state = optimizer.init(eqx.filter(eqx.filter(model, filter_spec), eqx.is_inexact_array))

    @eqx.filter_jit
    def make_step(model, x, y, opt_state):
        @eqx.filter_value_and_grad
        def loss_fn(diff_model, static_model, x, y):
            model = eqx.combine(diff_model, static_model)
            pred_y = jax.vmap(model)(x)
            return jnp.mean(optax.softmax_cross_entropy(pred_y, y))

        diff_model, static_model = eqx.partition(model, filter_spec)
        loss, grads = loss_fn(diff_model, static_model, x, y)
        updates, opt_state = optimizer.update(grads, opt_state)
        model = eqx.apply_updates(model, updates)
        return model, opt_state, loss

    for epoch in range(num_epochs):
        model, opt_state, loss = make_step(model, X, y_onehot, opt_state)
    return None


if __name__ == "__main__":
    run()
