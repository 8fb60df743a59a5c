import jax.numpy as jnp


def seir_rhs(y, params):
    S, E, I, R = y
    beta, sigma, gamma = params["beta"], params["sigma"], params["gamma"]
    N = S + E + I + R
    new_inf = beta * S * I / N
    return jnp.stack([-new_inf, new_inf - sigma * E, sigma * E - gamma * I, gamma * I])
