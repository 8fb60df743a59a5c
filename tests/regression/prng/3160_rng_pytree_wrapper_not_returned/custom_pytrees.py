"""Key wrapper pytree, rebuilt from the thesis fork of dopamine (thesis/custom_pytrees.py)."""
from dataclasses import dataclass

from jax import random as jrand
from jax import tree_util


@tree_util.register_pytree_node_class
@dataclass
class PRNGKeyWrap:
    def __init__(self, seed: int = 42, key=None, n_splits: int = 0, _stop_seed_assign=None):
        self.key = key
        self.seed = seed
        self._stop_seed_assign = _stop_seed_assign
        self.n_splits = n_splits
        if self.key is None:
            self.key = jrand.PRNGKey(self.seed)
        # NOTE _stop_seed_assign exists because the next statement
        # would otherwise be executed on each call to next() because
        # of how custom PyTrees work
        elif self._stop_seed_assign is None:
            self.seed = self.key[1].astype(int)

    def __next__(self):
        self.key, sk = jrand.split(self.key)
        self.n_splits += 1
        if self._stop_seed_assign is None:
            self._stop_seed_assign = 1
        return sk

    def __repr__(self) -> str:
        return f"<seed: {self.seed} #splits: {self.n_splits} key: {self.key}>"

    def tree_flatten(self) -> tuple:
        return ((self.seed, self.key, self.n_splits, self._stop_seed_assign), None)

    @classmethod
    def tree_unflatten(cls, _, leaves):
        return cls(*leaves)
