"""Conditional VAE on MNIST with a hand-written trainer class (robotics/ML learning repo).
The jitted `train_step` is fed by `for batch in train_dataset.iter(512)` over the Hugging Face
MNIST split. 60000 is not a multiple of 512, so the last batch of every epoch holds 96 images:
a new input shape, and `train_step` is traced and compiled a second time (with real data a full
extra XLA compile of the VAE). Rebuilt without Flax (plain-JAX VAE, same trainer layout) with 10
samples and batch size 4 (batches 4, 4, 2).

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/LearningJax/vae/train.py#L206-L223
Observed on jax 0.10.x: train_step compiled 2 times
"""
from data import TinyMnist
from trainer import FlaxTrainer


def run():
    ds = TinyMnist(n=10, dim=16)
    trainer = FlaxTrainer()
    trainer.train(ds, epochs=2, batch_size=4)


if __name__ == "__main__":
    run()
