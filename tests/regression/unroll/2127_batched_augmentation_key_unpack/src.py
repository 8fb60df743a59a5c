import jax
import jax.numpy as jnp
import optax


def random_crop_augment(rng, img, padding: int):
    crop_from = jax.random.randint(rng, (2,), 0, 2 * padding + 1)
    crop_from = jnp.concatenate((crop_from, jnp.zeros((1,), dtype=jnp.int32),), axis=0)
    padded_img = jnp.pad(img, ((padding, padding), (padding, padding), (0, 0),), mode='edge')
    return jax.lax.dynamic_slice(padded_img, crop_from, img.shape)


def random_flip_augment(rng, img):
    should_flip = jax.random.bernoulli(rng, 0.5)
    return jax.lax.cond(should_flip, lambda x: jnp.flip(x, axis=1), lambda x: x, img)


def batched_augmentation(rng, imgs, padding: int = 4):
    rng, *new_rngs = jax.random.split(rng, imgs.shape[0]+1)  # expect: JAX407
    imgs = jax.vmap(random_crop_augment, (0, 0, None,))(jnp.stack(new_rngs, axis=0), imgs, padding)
    rng, *new_rngs = jax.random.split(rng, imgs.shape[0]+1)  # expect: JAX407
    imgs = jax.vmap(random_flip_augment, (0, 0,))(jnp.stack(new_rngs, axis=0), imgs)
    return imgs


class MLP:
    """Pure-JAX version of the flax MLP in src.py (Dense layers, augmentation when training)."""

    def __init__(self, output_shapes):
        self.output_shapes = output_shapes

    def init(self, key, d_in):
        params = []
        for d_out in self.output_shapes:
            key, sub = jax.random.split(key)
            params.append((jax.random.normal(sub, (d_in, d_out)) * 0.01, jnp.zeros(d_out)))
            d_in = d_out
        return params

    def __call__(self, params, x, augment_rng, *, train: bool, do_aug: bool = True, crop_aug_padding: int = 4):
        x = x.astype(jnp.float32) / 255.0
        if train and do_aug:
            x = batched_augmentation(augment_rng, x, crop_aug_padding)
        x = jnp.reshape(x, (x.shape[0], -1))
        for W, b in params[:-1]:
            x = jax.nn.relu(x @ W + b)
        W, b = params[-1]
        return x @ W + b

    def loss(self, params, x, y, augment_rng, *, train: bool):
        predictions = self(params, x, augment_rng, train=train)
        loss = optax.softmax_cross_entropy_with_integer_labels(predictions, y).mean()
        return loss, {'loss': loss, 'acc': (jnp.argmax(predictions, axis=1) == y).mean()}
