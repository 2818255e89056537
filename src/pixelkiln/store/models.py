"""Tables. Money is kept in integer thousandths of a generation ("milli") so that 0.1
generation charges add up exactly; the wire speaks generations as numbers."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "Account",
    "ApiKey",
    "Asset",
    "Base",
    "BaseTile",
    "Blob",
    "Job",
    "LedgerEntry",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookEndpoint",
    "new_id",
    "utcnow",
]


def new_id() -> str:
    return str(uuid.uuid4())


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class UTCDateTime(TypeDecorator[dt.datetime]):
    """Timezone-aware UTC datetimes on every backend (SQLite stores them naive)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Any) -> dt.datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=dt.UTC)
        value = value.astimezone(dt.UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: dt.datetime | None, dialect: Any) -> dt.datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


Json = JSON().with_variant(JSONB(), "postgresql")

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Account(Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(200))
    plan: Mapped[str | None] = mapped_column(String(200))
    #: Equals the sum of this account's ledger rows, kept in the same transactions.
    balance_milli: Mapped[int] = mapped_column(BigInteger, default=0)
    #: Everything ever granted or topped up (the subscription's ``total``).
    granted_milli: Mapped[int] = mapped_column(BigInteger, default=0)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class ApiKey(Base):
    __tablename__ = "api_keys"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))
    #: Public part of the key, used to find the row; the secret is only stored hashed.
    lookup: Mapped[str] = mapped_column(String(32), unique=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    revoked_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    #: Unix time of the last accepted submission (submission spacing across processes).
    last_submit_at: Mapped[float | None] = mapped_column(Float)


class LedgerEntry(Base):
    """Append-only: every grant, top-up, charge and refund."""

    __tablename__ = "ledger_entries"
    __table_args__ = (UniqueConstraint("job_id", "kind", name="uq_ledger_job_kind"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    #: Signed: charges are negative, grants, top-ups and refunds positive.
    amount_milli: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(16))  # grant | topup | charge | refund
    #: A charge and its refund point at their job; the unique (job_id, kind) pair is what
    #: makes "charged once, refunded once" hold even under races.
    job_id: Mapped[str | None] = mapped_column(String(36))
    note: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class Job(Base):
    """The source of truth for background work: queued -> running -> completed | failed."""

    __tablename__ = "jobs"
    __table_args__ = (
        Index("ix_jobs_status_dispatched", "status", "dispatched_at"),
        Index("ix_jobs_account_created", "account_id", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="queued")
    payload: Mapped[dict[str, Any]] = mapped_column(Json, default=dict)
    cost_milli: Mapped[int] = mapped_column(BigInteger, default=0)
    asset_id: Mapped[str | None] = mapped_column(String(36))
    progress: Mapped[int] = mapped_column(Integer, default=0)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    lease_owner: Mapped[str | None] = mapped_column(String(128))
    lease_expires_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    dispatched_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    last_response: Mapped[dict[str, Any] | None] = mapped_column(Json)
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    started_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)


class Asset(Base):
    """A generated resource of one family (a tileset, a Pro tile set, a UI panel, ...)."""

    __tablename__ = "assets"
    __table_args__ = (
        Index("ix_assets_account_family_created", "account_id", "family", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    family: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), default="processing")
    name: Mapped[str | None] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(Text)
    #: The request as accepted (normalised), for list views and exports.
    params: Mapped[dict[str, Any]] = mapped_column(Json, default=dict)
    #: What the job produced (family-specific JSON), once completed.
    result: Mapped[dict[str, Any] | None] = mapped_column(Json)
    #: Named images of the result: ``{name: blob key}``.
    files: Mapped[dict[str, str] | None] = mapped_column(Json)
    job_id: Mapped[str | None] = mapped_column(String(36))
    #: The asset this one belongs to (an animation's character or object).
    parent_id: Mapped[str | None] = mapped_column(String(36), index=True)
    #: Assets made together or from one another (an animation's directions, a state and
    #: its source character).
    group_id: Mapped[str | None] = mapped_column(String(36), index=True)
    tags: Mapped[list[str] | None] = mapped_column(Json)
    #: When the sweeper deletes the asset and its files (map objects), if ever.
    expires_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime, index=True)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class Blob(Base):
    """An image in the blob store, served at ``/files/{key}`` without a key."""

    __tablename__ = "blobs"

    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    asset_id: Mapped[str | None] = mapped_column(String(36), index=True)
    content_type: Mapped[str] = mapped_column(String(64), default="image/png")
    size: Mapped[int] = mapped_column(BigInteger, default=0)
    #: Hash of the decoded pixels of an image (``service.provenance.pixel_hash``), so an
    #: image the service drew is recognised when it comes back as an input.
    content_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class BaseTile(Base):
    """A terrain another tile set can connect to (``lower_base_tile_id``/``upper_base_tile_id``)."""

    __tablename__ = "base_tiles"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    asset_id: Mapped[str] = mapped_column(String(36), index=True)
    family: Mapped[str] = mapped_column(String(32))
    #: Everything needed to draw this terrain again pixel for pixel.
    spec: Mapped[dict[str, Any]] = mapped_column(Json, default=dict)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class WebhookEndpoint(Base):
    """Where an account wants to be told that its jobs finished (set up by the operator)."""

    __tablename__ = "webhook_endpoints"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    url: Mapped[str] = mapped_column(String(2000))
    #: Event types sent here (``job.completed``, ``job.failed``).
    events: Mapped[list[str]] = mapped_column(Json, default=list)
    #: The Standard Webhooks signing secret (``whsec_...``); shown once when added.
    secret: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class WebhookDelivery(Base):
    """One event for one endpoint, queued in the transaction that caused it and retried
    with back-off until it is delivered or its retry window has passed."""

    __tablename__ = "webhook_deliveries"
    __table_args__ = (Index("ix_webhook_deliveries_due", "status", "next_attempt_at"),)

    #: The ``webhook-id`` header: the same on every attempt, so receivers can deduplicate.
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    endpoint_id: Mapped[str] = mapped_column(
        ForeignKey("webhook_endpoints.id", ondelete="CASCADE"), index=True
    )
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    event: Mapped[str] = mapped_column(String(64))
    job_id: Mapped[str | None] = mapped_column(String(36), index=True)
    #: The exact bytes sent (and signed), identical on every attempt.
    body: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="pending")  # delivered | failed
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    #: A sender holds the delivery until then (so two sweeps never send it at once).
    claimed_until: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    last_status_code: Mapped[int | None] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    delivered_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)


class WebhookAttempt(Base):
    """The log of one try at a delivery (``pixelkiln webhooks deliveries``)."""

    __tablename__ = "webhook_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    delivery_id: Mapped[str] = mapped_column(
        ForeignKey("webhook_deliveries.id", ondelete="CASCADE"), index=True
    )
    attempted_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    status_code: Mapped[int | None] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text)
    duration_ms: Mapped[int] = mapped_column(Integer, default=0)
