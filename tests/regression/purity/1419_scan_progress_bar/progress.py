"""A home-grown tqdm-like bar the user already used for their NumPy samplers."""
import sys


class ProgressBar:
    def __init__(self, total, desc="Running"):
        self.total = total
        self.n = 0
        self.desc = desc

    def update(self, k=1):
        self.n += k
        sys.stdout.write(f"\r{self.desc}: {self.n}/{self.total}")
        sys.stdout.flush()
