"""A MultiMetric split into a static graph definition and its array state
(the Flax NNX split/merge pattern, rebuilt with plain dataclasses)."""
import dataclasses

import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class MultiMetricDef:
    """Static description: which metrics, in which order."""
    _metric_names: list  # expect: JAX301

    def merge(self, state):
        return {name: state["totals"][i] / jnp.maximum(state["count"], 1.0)
                for i, name in enumerate(self._metric_names)}


def split(metric_names):
    graphdef = MultiMetricDef(list(metric_names))
    state = {"totals": jnp.zeros(len(metric_names)), "count": jnp.zeros(())}
    return graphdef, state
