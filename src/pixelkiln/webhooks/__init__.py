"""Webhooks: an account's endpoints are told when its jobs finish.

A delivery is a row written in the transaction that finishes the job (``events``), sent
by whichever process claims it (``sending``: the sweeper's thread pool in the embedded
deployment, a Celery task when scaled out), signed per Standard Webhooks (``signing``),
and only to hosts the operator allows (``allow``).
"""
