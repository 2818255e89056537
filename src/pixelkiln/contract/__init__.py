"""Pydantic wire models of the /v2 contract, one module per family; they are the OpenAPI."""
