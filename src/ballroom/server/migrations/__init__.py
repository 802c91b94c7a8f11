"""Alembic migrations of the server's schema, shipped inside the package."""
