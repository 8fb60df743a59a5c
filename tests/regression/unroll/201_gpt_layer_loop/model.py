import jax
import jax.numpy as jnp


def init_params(key, cfg):
    keys = jax.random.split(key, cfg.n_layer + 2)
    blocks = [
        {"w_in": jax.random.normal(k, (cfg.n_embd, 4 * cfg.n_embd)) * 0.02,
         "w_out": jnp.zeros((4 * cfg.n_embd, cfg.n_embd))}
        for k in keys[2:]
    ]
    return {"wte": jax.random.normal(keys[0], (cfg.vocab_size, cfg.n_embd)) * 0.02,
            "blocks": blocks}


def block(p, x):
    h = jax.nn.gelu(x @ p["w_in"])
    return x + h @ p["w_out"]


def forward(params, tokens, cfg):
    x = params["wte"][tokens]
    for i in range(cfg.n_layer):  # expect: JAX407
        x = block(params["blocks"][i], x)
    return x @ params["wte"].T
