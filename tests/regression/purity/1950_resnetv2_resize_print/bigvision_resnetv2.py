import jax
import jax.numpy as jnp


def _conv(params, x, name):
  w = params[name]
  return jax.lax.conv_general_dilated(
      x, w, (1, 1), 'SAME', dimension_numbers=('NHWC', 'HWIO', 'NHWC'))


class Model:
  """ResNetV2 (root block + pre-head only)."""

  def __init__(self, num_classes, width=1, image_shape=None):
    self.num_classes = num_classes
    self.width = width
    self.image_shape = image_shape

  def init(self, key, x):
    width = int(64 * self.width) // 8
    return {'root_block': 0.1 * jax.random.normal(key, (3, 3, x.shape[-1], width))}

  def __call__(self, params, x, *, train=False):
    if self.image_shape is not None:
      x = jax.image.resize(x, (*x.shape[:-3], *self.image_shape, x.shape[-1]), 'bilinear')
      print('Resizing to %s' % str(self.image_shape))  # expect: JAX101
    x = x / 255.0
    x = _conv(params, x, 'root_block')
    x = jax.nn.relu(x)
    x = jnp.mean(x, axis=(1, 2))  # pre_logits
    return x
