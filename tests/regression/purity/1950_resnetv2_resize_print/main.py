"""HIQL's visual encoders reuse big_vision's ResNetV2 as a plain module. When `image_shape` is
set, `Model.__call__` resizes the observation and announces it with
`print('Resizing to %s' % ...)`. The encoder runs inside the agent's jitted update / action
functions, so the message is printed once while jax traces the function and never again: every
later batch is resized silently, and a user who relies on the print to see which resolution the
encoder actually got sees it only for the first call.

Source: https://github.com/seohongpark/HIQL/blob/b32c832cd67e4fe56ecabb49dbb96dc8d4f4c432/jaxrl_m/vision/bigvision_resnetv2.py#L142
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import numpy as np

from bigvision_resnetv2 import Model

encoder = Model(num_classes=0, width=1, image_shape=(32, 32))


@jax.jit
def get_policy_rep(params, observations):
  return encoder(params, observations)


def run():
  obs = np.random.RandomState(0).randint(0, 255, size=(4, 64, 64, 3)).astype(np.float32)
  params = encoder.init(jax.random.PRNGKey(0), obs)
  printed = 0
  for i in range(3):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
      rep = get_policy_rep(params, obs + i)
      rep.block_until_ready()
    printed += 'Resizing to' in buf.getvalue()
  return printed
