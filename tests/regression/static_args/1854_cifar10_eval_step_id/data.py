"""Stand-in for tfds.as_numpy(tfds.load('cifar10', split=..., batch_size=-1)).

CIFAR-10 from TFDS carries an 'id' feature next to 'image' and 'label': a
byte-string array such as b'test_09933'.
"""
import numpy as np


def get_datasets(n_train=64, n_test=32, seed=0):
    rng = np.random.RandomState(seed)

    def split(name, n):
        ds = {
            "id": np.array([f"{name}_{i:05d}".encode() for i in rng.permutation(n)]),
            "image": rng.randint(0, 256, size=(n, 32, 32, 3)).astype(np.uint8),
            "label": rng.randint(0, 10, size=(n,)).astype(np.int64),
        }
        ds["image"] = np.float32(ds["image"]) / 255.0
        return ds

    return split("train", n_train), split("test", n_test)
