"""Use cases: submit (quote + debit + asset + job in one transaction), poll, list, delete,
billing, keys and the submission spacing. Never imports FastAPI."""
