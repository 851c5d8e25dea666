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


def hang_the_first_time(module: object) -> None:
    """A hang of the first worker that runs it (the flag file named by STREAM_FUZZ_TEST_FLAG records
    that it did); the worker that replaces it compiles the program."""
    flag = os.environ["STREAM_FUZZ_TEST_FLAG"]
    if not os.path.exists(flag):
        open(flag, "w").close()
        time.sleep(600)


def abort_the_first_time(module: object) -> None:
    """A crash that does not reproduce: aborts the first worker that runs it (the flag file named by
    STREAM_FUZZ_TEST_FLAG records that it did), then lets the program compile."""
    flag = os.environ["STREAM_FUZZ_TEST_FLAG"]
    if not os.path.exists(flag):
        open(flag, "w").close()
        os.abort()
