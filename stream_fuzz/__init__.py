"""iree-stream-fuzz. Importing the package first holds early signals when it is the command (`interrupts`)."""

from stream_fuzz import interrupts as _interrupts  # noqa: F401  (its import is the point)
