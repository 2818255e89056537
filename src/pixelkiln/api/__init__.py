"""HTTP transport: the FastAPI app, thin routers per family, error mapping."""
