"""``pixelkiln keys``: create, list and revoke API keys; ``pixelkiln accounts topup``."""

from __future__ import annotations

import typer
from rich.table import Table

from pixelkiln.cli.common import err, migrated_db, out, settings
from pixelkiln.errors import NotFound
from pixelkiln.service import accounts as svc

keys_app = typer.Typer(help="API keys.", no_args_is_help=True)
accounts_app = typer.Typer(help="Accounts.", no_args_is_help=True)


@keys_app.command("create")
def create(
    name: str = typer.Option(..., help="A name for the key (and its new account)."),
    generations: float = typer.Option(0.0, min=0, help="Generations to grant."),
    account: str = typer.Option(
        None, help="Add the key to this existing account instead of creating one."
    ),
) -> None:
    """Create an API key (on a new account unless --account is given). The key is printed
    alone on the last line."""
    db = migrated_db(settings())
    try:
        created = svc.create_key(db, name, generations, account_id=account)
    except NotFound as exc:
        err.print(f"[red]{exc.message}[/red]")
        raise typer.Exit(1) from None
    err.print(f"account {created.account_id}  key id {created.key_id}")
    print(created.key)


@keys_app.command("list")
def list_keys() -> None:
    """List API keys (never the secrets, which are only stored hashed)."""
    db = migrated_db(settings())
    table = Table("key id", "account", "name", "created", "revoked", "balance")
    for k in svc.list_keys(db):
        table.add_row(
            k.id,
            k.account_id,
            k.name,
            k.created_at[:19],
            "yes" if k.revoked else "",
            f"{k.balance:g}",
        )
    out.print(table)


@keys_app.command("revoke")
def revoke(key_id: str = typer.Argument(..., help="The key id (from `keys list`).")) -> None:
    """Revoke an API key; requests with it get 401 from now on."""
    db = migrated_db(settings())
    try:
        svc.revoke_key(db, key_id)
    except NotFound as exc:
        err.print(f"[red]{exc.message}[/red]")
        raise typer.Exit(1) from None
    out.print(f"revoked {key_id}")


@accounts_app.command("topup")
def topup(
    account_id: str = typer.Argument(..., help="The account id."),
    generations: float = typer.Argument(..., min=0.001, help="Generations to add."),
) -> None:
    """Add generations to an account."""
    db = migrated_db(settings())
    try:
        balance = svc.topup(db, account_id, generations)
    except NotFound as exc:
        err.print(f"[red]{exc.message}[/red]")
        raise typer.Exit(1) from None
    out.print(f"account {account_id} now holds {balance:g} generations")
