"""Tests of the isometric tile family."""
