"""DiBS-style marginal/joint SVGD: score of the likelihood w.r.t. the parameters theta,
estimated by Monte Carlo over graphs sampled from each particle's latent Z."""
import jax
import jax.numpy as jnp
from jax import vmap


class JointDiBS:
    def __init__(self, n_vars, n_grad_mc_samples=4):
        self.n_vars = n_vars
        self.n_grad_mc_samples = n_grad_mc_samples

    def edge_probs(self, z, t):
        u, v = z[..., 0], z[..., 1]
        return jax.nn.sigmoid(t * jnp.einsum("ik,jk->ij", u, v))

    def grad_theta_likelihood(self, single_z, single_theta, t, subk):
        p = self.edge_probs(single_z, t)
        g = jax.random.bernoulli(subk, p, shape=(self.n_grad_mc_samples,) + p.shape)
        # score of a linear-Gaussian likelihood, averaged over the sampled graphs
        return jnp.mean(g * single_theta, axis=0), g

    def eltwise_grad_theta_likelihood(self, zs, thetas, t, key):
        grad_fn = vmap(self.grad_theta_likelihood, (0, 0, None, None), 0)  # expect: JAX503,JAX501
        return grad_fn(zs, thetas, t, key)
