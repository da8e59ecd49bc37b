"""The org report (placeholder until written)."""
