"""Sliding-tile generator filters valid moves with a boolean mask inside the jitted reset.

Source: https://github.com/instadeepai/jumanji/commit/7b4ce1c6a95b456701ffb8b7b9b9092ac58131b9
("fix: make _make_random_move fn jittable")

Jumanji's ``SolvableSTPGenerator`` scrambles a solved puzzle with random valid
moves. ``_make_random_move`` built ``valid_moves_mask`` from the empty-tile
position and then did ``valid_move_indices = all_move_indices[valid_moves_mask]``
followed by ``jax.random.choice(subkey, valid_move_indices)``. The number of
valid moves depends on the (traced) position, so boolean-mask indexing fails as
soon as the generator runs inside ``jax.jit(env.reset)``. The fix samples from
all moves with ``p=valid_moves_mask``.

Observed on jax 0.10.2: raises NonConcreteBooleanIndexError
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
        key, subkey = jax.random.split(key)
        new_positions = empty_tile_position + MOVES
        valid_moves_mask = (new_positions >= 0) & (new_positions < self._grid_size)
        valid_moves_mask = jnp.all(valid_moves_mask, axis=-1)
        all_move_indices = jnp.arange(len(MOVES))
        valid_move_indices = all_move_indices[valid_moves_mask]  # expect: JAX205
        move_index = jax.random.choice(subkey, valid_move_indices, shape=())
        new_empty_tile_position = empty_tile_position + MOVES[move_index]
        updated_puzzle = self._swap_tiles(puzzle, empty_tile_position, new_empty_tile_position)
        return new_empty_tile_position, updated_puzzle


generator = SolvableSTPGenerator(grid_size=3, num_shuffle_moves=20)
reset = jax.jit(generator.__call__)


def run():
    puzzle, empty = reset(jax.random.key(0))
    return puzzle
