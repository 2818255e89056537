"""Background jobs: the job table is the source of truth; runners only carry job ids.

A job is claimed with a lease that its worker renews while it works; a job whose lease
expired (its worker died) is claimed again by the sweeper's next dispatch. Charges are
taken at submission, so running a job again never charges twice; a failure refunds once.
"""
