"""What a request would cost, before it is sent: one registry over every family's quote.

Each POST path of ``/v2`` that charges maps to its request model and the family's own
quote function, so prices live in one place (the family's service module) and the
playground never re-implements them. :func:`quote` validates a body exactly as the
endpoint would (pydantic's ``ValidationError`` on a bad field; images are decoded) and
prices it.

A quote sees the validated request only. Checks that need the database (whether a
``lower_base_tile_id`` exists, the balance) happen at submission; no price depends on
them. A quote function may raise :class:`~pixelkiln.errors.InvalidRequest` for a request
that validates but cannot be drawn (Pro tiles do: a tile type that has no such feature).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from pixelkiln.contract.isometric import CreateIsometricTileRequest
from pixelkiln.contract.tiles_pro import CreateTilesProRequest
from pixelkiln.contract.tilesets import CreateTilesetRequest, CreateTilesetSidescrollerRequest
from pixelkiln.contract.ui import CreateUIAssetRequest, GenerateUIV2Request
from pixelkiln.contract.utilities import ENDPOINTS
from pixelkiln.service import isometric, tiles_pro, ui
from pixelkiln.service.tilesets.plan import quote_sidescroller, quote_topdown
from pixelkiln.service.utilities import costs as utility_costs

__all__ = ["QUOTES", "Priced", "quote", "quoted_paths"]


@dataclass(frozen=True)
class Priced:
    """A POST path's request model and the function that prices a validated request."""

    model: type[BaseModel]
    price: Callable[[Any], float]


def _ui_panel(req: CreateUIAssetRequest) -> float:
    return ui.quote(req.image_size.width, req.image_size.height)


def _ui_element(req: GenerateUIV2Request) -> float:
    return ui.quote(req.image_size.width, req.image_size.height)


def _tiles_pro(req: CreateTilesProRequest) -> float:
    return tiles_pro.quote(req).cost


def _registry() -> dict[str, Priced]:
    topdown = Priced(CreateTilesetRequest, quote_topdown)
    side = Priced(CreateTilesetSidescrollerRequest, quote_sidescroller)
    out: dict[str, Priced] = {
        "/tilesets": topdown,
        "/create-tileset": topdown,
        "/tilesets-sidescroller": side,
        "/create-tileset-sidescroller": side,
        "/create-tiles-pro": Priced(CreateTilesProRequest, _tiles_pro),
        "/create-isometric-tile": Priced(CreateIsometricTileRequest, isometric.quote),
        "/create-ui-asset": Priced(CreateUIAssetRequest, _ui_panel),
        "/generate-ui-v2": Priced(GenerateUIV2Request, _ui_element),
    }
    for endpoint in ENDPOINTS:
        out[endpoint.path] = Priced(endpoint.request, utility_costs.quote)
    from pixelkiln.service.objects.costs import object_quotes

    out.update({path: Priced(model, price) for path, (model, price) in object_quotes().items()})
    from pixelkiln.service.characters.quotes import PRICES as character_prices

    out.update({path: Priced(model, price) for path, (model, price) in character_prices.items()})
    from pixelkiln.service.motion.quotes import PRICES as motion_prices

    out.update({path: Priced(model, price) for path, (model, price) in motion_prices.items()})
    from pixelkiln.service.images.quotes import PRICES as image_prices

    out.update({path: Priced(model, price) for path, (model, price) in image_prices.items()})
    return out


#: Every charging POST path of ``/v2`` (leading slash, no ``/v2`` prefix).
QUOTES: dict[str, Priced] = _registry()


def quoted_paths() -> list[str]:
    """The paths :func:`quote` knows, sorted."""
    return sorted(QUOTES)


def quote(path: str, body: Any) -> float:
    """Generations ``body`` would cost at ``path``.

    Raises ``KeyError`` for a path without a quote, pydantic's ``ValidationError`` for a
    body the endpoint would refuse, and ``InvalidRequest`` where the family's quote does.
    """
    priced = QUOTES[path]
    request = priced.model.model_validate(body)
    return float(priced.price(request))
