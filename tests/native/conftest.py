"""Hypothesis profiles for tests/native: `sanitized`, the fewer examples the sanitizer run
(test_sanitizers.py) draws, the core being slower under AddressSanitizer."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "sanitized",
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
