import collections
from functools import partial

import jax

myPmapDevices = jax.devices()
myDeviceCount = len(myPmapDevices)
pmap_for_my_devices = partial(jax.pmap, devices=myPmapDevices)

pmapDevices = None


def pmap_devices_updated():
    if collections.Counter(pmapDevices) == collections.Counter(myPmapDevices):
        return False
    return True
