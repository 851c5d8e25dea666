"""Hooks run inside the compiler worker to stand in for a compiler that crashes or hangs.

They test the driver's survival, not the compiler: the real compiler rarely crashes on demand.
"""

import os
import signal
import time


def segfault(module: object) -> None:
    os.kill(os.getpid(), signal.SIGSEGV)


def abort(module: object) -> None:
    os.abort()


def hang(module: object) -> None:
    time.sleep(600)
