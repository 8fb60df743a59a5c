"""Kinematic tree description of a serial-chain robot."""
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class ModelDescription:
    name: str
    parent: tuple = field(default=())

    @property
    def NB(self):
        return len(self.parent)


def serial_chain(n_links):
    return ModelDescription(name=f"chain{n_links}", parent=tuple(range(-1, n_links - 1)))
