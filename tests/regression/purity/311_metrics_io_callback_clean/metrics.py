import numpy as np


class CSVMetricsWriter:
    def __init__(self, path):
        self.path = path
        with open(self.path, "w") as f:
            f.write("loss\n")

    def write_host(self, loss):
        # runs on the host with a concrete value (called through io_callback)
        with open(self.path, "a") as f:
            f.write(f"{float(np.asarray(loss))}\n")
