import math


def A_index_to_powers(index):
    i = (index % (3 ** 2)) % 3
    j = math.floor((index % (3 ** 2)) / 3)
    k = math.floor(index / (3 ** 2))
    return i, j, k
