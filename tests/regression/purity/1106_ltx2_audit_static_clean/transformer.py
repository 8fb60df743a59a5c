"""A two-layer stand-in for the LTX-2 video transformer with an audit hook slot."""
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
    def __init__(self, w_in, w_blocks, proj_in_audit=None):
        self.proj_in = ProjIn(w_in)
        self.transformer_blocks = [Block(w) for w in w_blocks]
        self.proj_in_audit = proj_in_audit

    def __call__(self, latents, timestep, is_step_0=False):
        h = self.proj_in.forward(latents)
        if self.proj_in_audit is not None:
            self.proj_in_audit(h, is_step_0)
        for block in self.transformer_blocks:
            h = block.forward(h, timestep)
        return h
