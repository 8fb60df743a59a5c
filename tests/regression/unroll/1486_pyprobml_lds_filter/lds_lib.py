import jax.numpy as jnp


class KalmanFilter:
    def __init__(self, A, C, Q, R, mu0, Sigma0):
        self.A, self.C, self.Q, self.R = A, C, Q, R
        self.mu0, self.Sigma0 = mu0, Sigma0

    def filter(self, x_hist):
        num_timesteps = x_hist.shape[0]
        mu, Sigma = self.mu0, self.Sigma0
        mu_hist, Sigma_hist = [], []
        for t in range(num_timesteps):  # expect: JAX407
            mu_pred = self.A @ mu
            Sigma_pred = self.A @ Sigma @ self.A.T + self.Q
            S = self.C @ Sigma_pred @ self.C.T + self.R
            K = Sigma_pred @ self.C.T @ jnp.linalg.inv(S)
            mu = mu_pred + K @ (x_hist[t] - self.C @ mu_pred)
            Sigma = (jnp.eye(mu.shape[0]) - K @ self.C) @ Sigma_pred
            mu_hist.append(mu)
            Sigma_hist.append(Sigma)
        return jnp.stack(mu_hist), jnp.stack(Sigma_hist)
