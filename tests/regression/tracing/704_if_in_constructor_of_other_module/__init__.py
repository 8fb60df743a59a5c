from .distributions import Normal
