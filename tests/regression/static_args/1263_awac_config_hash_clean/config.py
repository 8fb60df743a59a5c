import dataclasses


@dataclasses.dataclass
class AWACConfig:
    batch_size: int = 32
    n_jitted_updates: int = 4
    beta: float = 2.0
    tau: float = 0.005
    discount: float = 0.99

    def __hash__(self):  # make config hashable to be used as a jit static arg
        return hash(self.__repr__())
