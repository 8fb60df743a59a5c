"""Clean look-alike: the sliding-tile generator samples a move with ``p=valid_moves_mask``.

Source: https://github.com/instadeepai/jumanji/commit/7b4ce1c6a95b456701ffb8b7b9b9092ac58131b9

After the fix ``_make_random_move`` keeps the mask as probabilities:
``jax.random.choice(key, MOVES, shape=(), p=valid_moves_mask)``; shapes no longer
depend on the traced empty-tile position and the jitted reset scrambles the
puzzle (still a permutation of 0..8).

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

EMPTY_TILE = 0
MOVES = jnp.array([[-1, 0], [0, 1], [1, 0], [0, -1]])  # up, right, down, left


class SolvableSTPGenerator:
    def __init__(self, grid_size: int, num_shuffle_moves: int = 20):
        self._grid_size = grid_size
        self.num_shuffle_moves = num_shuffle_moves

    def __call__(self, key):
        puzzle = jnp.append(jnp.arange(1, self._grid_size ** 2), EMPTY_TILE).reshape(
            (self._grid_size, self._grid_size))
        empty_tile_position = jnp.array([self._grid_size - 1, self._grid_size - 1])

        def shuffle(_, carry):
            key, empty_tile_position, puzzle = carry
            key, subkey = jax.random.split(key)
            empty_tile_position, puzzle = self._make_random_move(subkey, puzzle, empty_tile_position)
            return key, empty_tile_position, puzzle

        _, empty_tile_position, puzzle = jax.lax.fori_loop(
            0, self.num_shuffle_moves, shuffle, (key, empty_tile_position, puzzle))
        return puzzle, empty_tile_position

    def _swap_tiles(self, puzzle, pos1, pos2):
        temp = puzzle[tuple(pos1)]
        puzzle = puzzle.at[tuple(pos1)].set(puzzle[tuple(pos2)])
        return puzzle.at[tuple(pos2)].set(temp)

    def _make_random_move(self, key, puzzle, empty_tile_position):
        new_positions = empty_tile_position + MOVES
        valid_moves_mask = (new_positions >= 0) & (new_positions < self._grid_size)
        valid_moves_mask = jnp.all(valid_moves_mask, axis=-1)
        move = jax.random.choice(key, MOVES, shape=(), p=valid_moves_mask)
        new_empty_tile_position = empty_tile_position + move
        updated_puzzle = self._swap_tiles(puzzle, empty_tile_position, new_empty_tile_position)
        return new_empty_tile_position, updated_puzzle


generator = SolvableSTPGenerator(grid_size=3, num_shuffle_moves=20)
reset = jax.jit(generator.__call__)


def run():
    puzzle, empty = reset(jax.random.key(0))
    assert sorted(puzzle.ravel().tolist()) == list(range(9))
    return puzzle
