"""Encoder forward pass in the style of TransCan's lib/model/fwd_transformer_merged.py."""
import jax.nn as nn
import jax.random as rand

from .dropout import dropout


def fwd_linear(params, x):
    return x @ params['kernel'] + params['bias']


def fwd_encoder(params, src, dropout_key=None):
    encoder_layers: list = params['encoder_layers']  # list of linear layers

    if dropout_key is not None:
        num_keys = 1 + len(encoder_layers)
        keys = iter(rand.split(dropout_key, num=num_keys))

    src = fwd_linear(params['embedding'], src)
    if dropout_key is not None:
        src = dropout(next(keys), src)

    for encoder_layer in encoder_layers:
        src = nn.gelu(fwd_linear(encoder_layer, src))
        if dropout_key is not None:
            src = dropout(next(keys), src)
    return src
