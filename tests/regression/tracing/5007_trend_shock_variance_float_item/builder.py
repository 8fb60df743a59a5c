from dataclasses import dataclass, field

import jax.numpy as jnp

_DEFAULT_DTYPE = jnp.float32


@dataclass
class Equation:
    lhs: str
    shock: str


@dataclass
class ReducedModel:
    core_equations: list = field(default_factory=list)
    stationary_variables: tuple = ()


class StateSpaceBuilder:
    def __init__(self, model, core_var_map):
        self.model = model
        self.core_var_map = core_var_map
        self.n_dynamic_trends = len(core_var_map)

    def _get_shock_variance(self, shock_builder_name, params):
        """Get shock variance with JAX-compatible debugging"""
        std_dev = params.get(shock_builder_name)
        val = float(std_dev.item()) if hasattr(std_dev, "item") else float(std_dev)  # expect: JAX202
        if val < 0:  # expect: JAX201
            val = abs(val)
        variance = val**2
        return variance

    def build_trend_covariance(self, params):
        trend_shock_vars = jnp.zeros(self.n_dynamic_trends, dtype=_DEFAULT_DTYPE)
        for equation in self.model.core_equations:
            is_trend_eq = (equation.lhs in self.core_var_map and equation.shock
                           and equation.lhs not in self.model.stationary_variables)
            if is_trend_eq:
                shock_variance = self._get_shock_variance(equation.shock, params)
                idx = self.core_var_map[equation.lhs]
                if idx < self.n_dynamic_trends:
                    trend_shock_vars = trend_shock_vars.at[idx].set(shock_variance)
        return jnp.diag(trend_shock_vars)
