"""``pixelkiln webhooks``: an account's endpoints, a test event, the deliveries log."""

from __future__ import annotations

import typer
from rich.table import Table

from pixelkiln.cli.common import err, migrated_db, out, settings
from pixelkiln.errors import NotFound
from pixelkiln.webhooks import endpoints as svc
from pixelkiln.webhooks.allow import Refused
from pixelkiln.webhooks.events import EVENTS
from pixelkiln.webhooks.sending import attempt_delivery

webhooks_app = typer.Typer(help="Webhooks: be told when jobs finish.", no_args_is_help=True)


@webhooks_app.command("add")
def add(
    account: str = typer.Option(..., help="The account whose jobs are reported."),
    url: str = typer.Option(..., help="Where to POST (a host PIXELKILN_WEBHOOK_ALLOW admits)."),
    events: str = typer.Option(",".join(EVENTS), help="Comma-separated events to send."),
) -> None:
    """Add an endpoint. Its signing secret is printed once, alone on the last line."""
    cfg = settings()
    db = migrated_db(cfg)
    try:
        added = svc.add_endpoint(cfg, db, account, url, [e.strip() for e in events.split(",")])
    except (Refused, ValueError, NotFound) as exc:
        err.print(f"[red]{getattr(exc, 'message', exc)}[/red]")
        raise typer.Exit(1) from None
    err.print(f"webhook {added.id} -> {added.url} ({', '.join(added.events)})")
    err.print("signing secret (shown once; verify with any Standard Webhooks library):")
    print(added.secret)


@webhooks_app.command("list")
def list_(account: str = typer.Option(None, help="Only this account's endpoints.")) -> None:
    """List endpoints (never their secrets)."""
    table = Table("webhook id", "account", "url", "events", "created")
    for e in svc.list_endpoints(migrated_db(settings()), account):
        table.add_row(e.id, e.account_id, e.url, ",".join(e.events), e.created_at.isoformat()[:19])
    out.print(table)


@webhooks_app.command("remove")
def remove(webhook_id: str = typer.Argument(..., help="The webhook id (from `list`).")) -> None:
    """Remove an endpoint and its deliveries."""
    try:
        svc.remove_endpoint(migrated_db(settings()), webhook_id)
    except NotFound as exc:
        err.print(f"[red]{exc.message}[/red]")
        raise typer.Exit(1) from None
    out.print(f"removed {webhook_id}")


@webhooks_app.command("test")
def test(webhook_id: str = typer.Argument(..., help="The webhook id (from `list`).")) -> None:
    """Send a signed ``webhook.test`` event now and say how the receiver answered (a
    failed one is retried like any delivery)."""
    cfg = settings()
    db = migrated_db(cfg)
    try:
        delivery_id = svc.queue_test(db, webhook_id)
    except NotFound as exc:
        err.print(f"[red]{exc.message}[/red]")
        raise typer.Exit(1) from None
    outcome = attempt_delivery(cfg, db, delivery_id)
    view = next(d for d in svc.list_deliveries(db, webhook_id, limit=20) if d.id == delivery_id)
    _, code, error, ms = view.tries[-1] if view.tries else (None, None, None, 0)
    out.print(
        f"{delivery_id}: {outcome} (status {code or '-'}, {ms} ms){' ' + error if error else ''}"
    )
    if outcome != "delivered":
        raise typer.Exit(1)


@webhooks_app.command("deliveries")
def deliveries(
    webhook_id: str = typer.Option(None, "--webhook", help="Only this endpoint's deliveries."),
    limit: int = typer.Option(20, min=1, help="How many, newest first."),
) -> None:
    """The latest deliveries and each of their attempts."""
    table = Table("delivery", "event", "job", "status", "attempts", "tries (time status ms error)")
    for d in svc.list_deliveries(migrated_db(settings()), webhook_id, limit):
        tries = "\n".join(
            f"{t.isoformat()[:19]} {code or '-'} {ms} {error or ''}".rstrip()
            for t, code, error, ms in d.tries
        )
        status = d.status
        if status == "pending":
            status += f" (next {d.next_attempt_at.isoformat()[:19]})"
        table.add_row(d.id, d.event, d.job_id or "", status, str(d.attempts), tries)
    out.print(table)
