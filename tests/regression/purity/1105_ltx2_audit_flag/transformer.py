"""A two-layer stand-in for the LTX-2 video transformer (proj_in + blocks)."""
import jax.numpy as jnp


class ProjIn:
    def __init__(self, w):
        self.w = w

    def forward(self, x):
        return x @ self.w


class Block:
    def __init__(self, w):
        self.w = w

    def forward(self, h, temb):
        return h + jnp.tanh(h @ self.w) * temb


class LTX2Transformer:
    def __init__(self, w_in, w_blocks):
        self.proj_in = ProjIn(w_in)
        self.transformer_blocks = [Block(w) for w in w_blocks]

    def __call__(self, latents, timestep):
        h = self.proj_in.forward(latents)
        for block in self.transformer_blocks:
            h = block.forward(h, timestep)
        return h
