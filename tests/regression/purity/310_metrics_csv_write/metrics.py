class CSVMetricsWriter:
    def __init__(self, path):
        self.path = path
        with open(self.path, "w") as f:
            f.write("loss\n")

    def write(self, loss):
        with open(self.path, "a") as f:  # expect: JAX102
            f.write(f"{loss}\n")
