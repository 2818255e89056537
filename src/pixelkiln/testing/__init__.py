"""Helpers for exercising a real deployment: used by the tests, `make bench` and
`make loadtest` (not by the service itself)."""
