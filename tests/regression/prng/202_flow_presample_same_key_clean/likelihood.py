import jax


class NICERLikelihood:
    """Pre-samples masses once from two group posteriors (Amsterdam, Maryland)."""

    def __init__(self, psr_name, amsterdam_flow, maryland_flow, n_masses, seed):
        self.psr_name = psr_name
        self.amsterdam_flow = amsterdam_flow
        self.maryland_flow = maryland_flow
        key = jax.random.key(seed)
        key_amsterdam, key_maryland = jax.random.split(key)
        amsterdam_samples = self.amsterdam_flow.sample(key_amsterdam, (n_masses,))
        maryland_samples = self.maryland_flow.sample(key_maryland, (n_masses,))
        self.amsterdam_fixed_mass_samples = amsterdam_samples[:, :1]
        self.maryland_fixed_mass_samples = maryland_samples[:, :1]
