"""Dataset adapters: turn raw program records into model inputs."""
import numpy as np


def as_example(record):
    tokens = np.asarray(record["tokens"], dtype=np.int32)
    edges = np.asarray(record["edges"], dtype=np.int32)
    return {
        "tokens": tokens,
        "edge_sources": edges[:, 0],
        "edge_dests": edges[:, 1],
        "num_nodes": np.int32(record["num_nodes"]),
    }


def get_info():
    return (("vocab_size", 32), ("hidden", 8))
