import equinox as eqx
import jax
import jax.numpy as jnp


def straight_through_mask(logits):
    soft = jax.nn.sigmoid(logits)
    hard = (soft > 0.5).astype(jnp.float32)
    return soft + jax.lax.stop_gradient(hard - soft)


class Model(eqx.Module):
    mask_logits: list
    layers: list
    output_layer: eqx.nn.Linear

    def __init__(self, input_size, hidden_size, width, depth, keygen):
        self.layers = [eqx.nn.Linear(input_size, width, key=next(keygen))]
        self.layers += [eqx.nn.Linear(width, width, key=next(keygen)) for _ in range(depth - 2)]
        self.output_layer = eqx.nn.Linear(width, hidden_size, key=next(keygen))
        self.mask_logits = [jax.random.normal(key=next(keygen), shape=(layer.out_features,)) for layer in self.layers]

    def __call__(self, x):
        for index in range(len(self.layers)):
            h = self.layers[index](x)
            mask = straight_through_mask(self.mask_logits[index])
            x = jax.nn.tanh(h * mask)
        return self.output_layer(x)
