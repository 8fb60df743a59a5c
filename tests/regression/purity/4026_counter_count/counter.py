class Counter:
    def __init__(self):
        self.n = 0

    def count(self) -> int:
        self.n += 1  # expect: JAX105
        return self.n

    def reset(self):
        self.n = 0
