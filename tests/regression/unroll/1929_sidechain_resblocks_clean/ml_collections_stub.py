class ConfigDict(dict):
    __getattr__ = dict.__getitem__
