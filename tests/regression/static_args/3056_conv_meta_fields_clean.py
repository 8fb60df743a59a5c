"""Course code for a maze-solving PPO agent registers its layers as pytree dataclasses:
`Convolution` keeps the kernel as a data field and `stride_size` / `pad_same` as
`meta_fields` (static, hashable int and bool), and its `init` is jitted with the layer
sizes in `static_argnames`. The network is initialised and applied repeatedly with the
same hyperparameters, so `init` and `forward` each compile once.

Source: https://github.com/matomatical/hijax/blob/66ec8c7c044d593f58ffb1e46b8f052a23f1c008/lecture11/train.py#L363
Observed on jax 0.10.x: init compiled 1 times; forward compiled 1 times
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@functools.partial(
    jax.tree_util.register_dataclass,
    meta_fields=("stride_size", "pad_same"),
    data_fields=("kernel",),
)
@dataclasses.dataclass
class Convolution:
    kernel: jax.Array
    stride_size: int
    pad_same: bool

    @staticmethod
    @functools.partial(
        jax.jit,
        static_argnames=("channels_in", "channels_out", "kernel_size", "stride_size", "pad_same"),
    )
    def init(key, channels_in: int, channels_out: int, kernel_size: int, stride_size: int, pad_same: bool):
        num_inputs = channels_in * kernel_size**2
        bound = jax.lax.rsqrt(jnp.float32(num_inputs))
        return Convolution(
            kernel=jax.random.uniform(key, (channels_out, channels_in, kernel_size, kernel_size),
                                      minval=-bound, maxval=+bound),
            stride_size=stride_size,
            pad_same=pad_same,
        )

    @jax.jit
    def forward(self, x):
        y = jax.lax.conv_general_dilated(
            lhs=x[None], rhs=self.kernel,
            window_strides=(self.stride_size, self.stride_size),
            padding="SAME" if self.pad_same else "VALID",
            dimension_numbers=("NHWC", "OIHW", "NHWC"),
        )
        return y[0]


def run():
    key = jax.random.PRNGKey(0)
    obs = jnp.zeros((7, 7, 3))
    for _ in range(3):
        key, k = jax.random.split(key)
        conv = Convolution.init(k, channels_in=3, channels_out=8, kernel_size=3, stride_size=1, pad_same=True)
        out = conv.forward(obs)
    return out


if __name__ == "__main__":
    run()
