"""ColabDesign's trRosetta port: the 2D ResNet trunk stacks dozens of residual blocks. Instead
of a Python loop over blocks, `resnet` runs `jax.lax.scan` over the stacked block parameters;
inside the scan body a small Python loop `for n, dilation in enumerate([1, 2, 4, 8, 16])`
applies the five dilated convolutions of one cycle, splitting the dropout key for each. The
fixed five-step loop is traced once inside the scan body, not once per block.

Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/tr/trrosetta.py#L66
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def conv_2D(x, params, dilation=1):
    x = x.transpose([2, 0, 1])
    f = params["filters"].transpose([3, 2, 0, 1])
    x = jax.lax.conv_general_dilated(x[None], f, window_strides=(1, 1),
                                     rhs_dilation=(dilation, dilation), padding="SAME")[0]
    return x.transpose([1, 2, 0]) + params["bias"]


def dropout(x, key, rate):
    keep_rate = 1.0 - rate
    keep = jax.random.bernoulli(key, keep_rate, shape=x.shape)
    return keep * x / keep_rate


def block(x, params, dilation, key, rate=0.15):
    y = jax.nn.elu(conv_2D(x, params, dilation))
    y = dropout(y, key, rate)
    return jax.nn.elu(x + y)


def resnet(x, params, key, rate=0.15):
    def body(prev, sub_params):
        (x, key) = prev
        for n, dilation in enumerate([1, 2, 4, 8, 16]):
            key, sub_key = jax.random.split(key)
            p = jax.tree_util.tree_map(lambda x: x[n], sub_params)
            x = block(x, p, dilation, sub_key, rate)
        return (x, key), None
    return jax.lax.scan(body, (x, key), params)[0][0]


trunk = jax.jit(resnet)


def run():
    num_cycles, channels = 12, 4
    kf, kx, kd = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {"filters": 0.05 * jax.random.normal(kf, (num_cycles, 5, 3, 3, channels, channels)),
              "bias": jnp.zeros((num_cycles, 5, channels))}
    x = jax.random.normal(kx, (16, 16, channels))
    trunk(x, params, kd).block_until_ready()
