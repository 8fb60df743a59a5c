from typing import NamedTuple


class FeedForwardSetup(NamedTuple):
    outer_steps: int
    inner_steps: int = 1
    is_scan: bool = True
    is_include_t0: bool = True
