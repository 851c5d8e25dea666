"""Hypothesis settings profiles: `ci` (deterministic, bounded), `dev` (more examples), `fuzz` (campaigns).

Compile-bound examples get no deadline: a slow compile is the compiler's business (the driver's timeout
catches hangs), not a flaky test. Health checks about slow data generation are off for the same reason.
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, settings

_COMMON = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    "print_blob": True,  # a failure prints @reproduce_failure(...) to replay it exactly
}

settings.register_profile("ci", max_examples=40, derandomize=True, database=None, **_COMMON)
settings.register_profile("dev", max_examples=200, **_COMMON)
settings.register_profile(
    "fuzz", max_examples=10_000_000, database=None, phases=[Phase.generate, Phase.shrink], **_COMMON
)

PROFILES = ("ci", "dev", "fuzz")
