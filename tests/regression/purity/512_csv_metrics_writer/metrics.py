import io


class CSVMetricsWriter:
    """Appends one ``step,loss`` row per training step."""

    def __init__(self, fh: io.TextIOBase):
        self._fh = fh
        self._fh.write("step,loss\n")

    def write_row(self, step, loss):
        self._fh.write(f"{step},{loss}\n")  # expect: JAX102
