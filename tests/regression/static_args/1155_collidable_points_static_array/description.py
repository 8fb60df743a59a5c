"""Parsed robot description: plain dataclasses filled with NumPy arrays."""
import dataclasses

import numpy as np


@dataclasses.dataclass(frozen=True)
class CollidablePoints:
    # link index of every collidable point, and its position in the link frame
    body: np.ndarray
    point: np.ndarray


def parse_box_robot(n_links=3):
    body = np.repeat(np.arange(n_links), 4)
    point = np.tile(np.array([[0.1, 0.1, 0.0], [-0.1, 0.1, 0.0],
                              [0.1, -0.1, 0.0], [-0.1, -0.1, 0.0]]), (n_links, 1))
    return CollidablePoints(body=body, point=point)
