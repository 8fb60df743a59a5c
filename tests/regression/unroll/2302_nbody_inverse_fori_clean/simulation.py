import jax
import jax.numpy as jnp

# Global parameters
N = 60  # number of particles
t_end = 1.0  # time at which simulation ends
dt = 0.01  # timestep
softening = 0.1  # softening length
G = 1.0  # Newton's gravitational constant
Nt = int(jnp.ceil(t_end / dt))  # number of timesteps


@jax.jit
def get_acc(pos, mass):
    """Acceleration on each particle according to Newton's Law (pos N x 3, mass N x 1)."""
    x = pos[:, 0:1]
    y = pos[:, 1:2]
    z = pos[:, 2:3]

    dx = x.T - x
    dy = y.T - y
    dz = z.T - z

    inv_r3 = (dx**2 + dy**2 + dz**2 + softening**2) ** (-1.5)

    ax = G * (dx * inv_r3) @ mass
    ay = G * (dy * inv_r3) @ mass
    az = G * (dz * inv_r3) @ mass

    return jnp.hstack((ax, ay, az))


@jax.jit
def leapfrog(i, state):
    """Take one timestep of the leapfrog integration scheme."""
    pos, vel, acc, mass = state

    vel += acc * dt / 2.0  # (1/2) kick
    pos += vel * dt  # drift
    acc = get_acc(pos, mass)  # update accelerations
    vel += acc * dt / 2.0  # (1/2) kick

    return pos, vel, acc, mass


@jax.jit
def do_simulation(pos, vel, mass, t):
    """Run the simulation for Nt timesteps."""
    acc = get_acc(pos, mass)

    # advance the simulation by Nt timesteps
    state = jax.lax.fori_loop(0, Nt, leapfrog, init_val=(pos, vel, acc, mass))
    pos, vel, acc, mass = state

    t += Nt * dt
    return pos, vel, mass, t
