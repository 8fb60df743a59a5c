class FeatureRecorder:
    """Collects intermediate activations for a probing/visualisation dashboard."""

    def __init__(self):
        self.features = []

    def record(self, name, value):
        self.features.append((name, value))  # expect: JAX104
        return value
