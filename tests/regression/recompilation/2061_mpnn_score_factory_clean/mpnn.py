"""MPNN scoring for protein sequences."""
from typing import Callable

from jax import jit


def make_mpnn_score(mpnn_model) -> Callable:
    """Create a scoring function for the MPNN model.

    Args:
        mpnn_model: MPNN model instance.

    Returns:
        A function that scores a protein sequence using the MPNN model.
    """

    @jit
    def mpnn_score(key, protein_sequence):
        """Scores a protein sequence using the MPNN model."""
        return mpnn_model.score(seq_numeric=protein_sequence, key=key)

    return mpnn_score
