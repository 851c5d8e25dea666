"""Packages are found, never listed by hand: a new subpackage ships without an edit here.

`generators/` and `oracles/` stay top-level folders (the project's layout shows the generator -> compiler ->
oracle -> corpus flow) but install inside the one import package, as `stream_fuzz.generators` and
`stream_fuzz.oracles`, so they never collide with a user's (or PyPI's) `generators` or `oracles`.
Everything else about the package is in pyproject.toml.
"""

from setuptools import find_packages, setup

MAPPED = {"stream_fuzz.generators": "generators", "stream_fuzz.oracles": "oracles"}

packages = find_packages(include=["stream_fuzz", "stream_fuzz.*"])
for name, folder in MAPPED.items():
    packages += [name, *(f"{name}.{sub}" for sub in find_packages(folder))]

setup(packages=packages, package_dir=MAPPED)
