"""pixelkiln: a self-hosted, procedural pixel-art generation service."""

__version__ = "0.1.0"
