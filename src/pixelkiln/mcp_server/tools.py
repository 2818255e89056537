"""The tool table: one entry per operation that makes something.

An entry names the ``/v2`` POST path it drives; its request model (and so its input
schema) is the one the REST contract validates that path with, looked up in the quote
registry (:data:`pixelkiln.service.quotes.QUOTES`), so a family is served here by adding
its line below. ``result`` is the GET that reads the finished resource (``None``: the
result is the job's ``last_response``, or the answer itself for a synchronous
operation); ``exports`` are the family's engine files, saved by ``save_to``.
Path templates are filled from the tool's arguments and the submission's answer.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pydantic import BaseModel

from pixelkiln.service.quotes import QUOTES

__all__ = ["SAVE_TO", "TOOLS", "ToolSpec", "tool_by_name"]

#: The argument every tool takes beside its request body.
SAVE_TO = "save_to"

_TILESET_EXPORTS = {
    "sheet": "/tilesets/{tileset_id}?format=png",
    "tiled": "/tilesets/{tileset_id}?format=tiled",
    "godot": "/tilesets/{tileset_id}?format=godot",
}
_SIDESCROLLER_EXPORTS = {
    k: v.replace("/tilesets/", "/tilesets-sidescroller/") for k, v in _TILESET_EXPORTS.items()
}
_CHARACTER_EXPORTS = {
    "aseprite": "/characters/{character_id}/spritesheet?format=aseprite",
    "godot": "/characters/{character_id}/spritesheet?format=godot",
}
_OBJECT_EXPORTS = {
    "aseprite": "/objects/{object_id}/spritesheet?format=aseprite",
    "godot": "/objects/{object_id}/spritesheet?format=godot",
}
_PARAM = re.compile(r"{(\w+)}")
#: Beside the contract's base64 image, an image argument may name a file of the project.
FILE_IMAGE: dict[str, Any] = {
    "type": "object",
    "description": "An image file in the user's project (PNG, JPEG, GIF or WebP), relative "
    "to the server's root or absolute inside it; sent as the base64 image.",
    "properties": {"type": {"const": "file"}, "path": {"type": "string"}},
    "required": ["type", "path"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class ToolSpec:
    name: str
    #: The ``/v2`` POST path (path parameters such as ``{object_id}`` become arguments).
    path: str
    #: What it makes, what it costs, how long it takes (the tool's description).
    makes: str
    cost: str
    takes: str
    result: str | None = None
    exports: dict[str, str] = field(default_factory=dict)
    #: A GET answering one PNG of the whole result, shown first (a tileset's sheet).
    preview: str | None = None

    @property
    def model(self) -> type[BaseModel]:
        """The REST contract's request model for this path."""
        return QUOTES[self.path].model

    @property
    def path_params(self) -> list[str]:
        return _PARAM.findall(self.path)

    @property
    def description(self) -> str:
        saved = "PNG files" + (f" and {', '.join(self.exports)} exports" if self.exports else "")
        return (
            f"{self.makes} Cost: {self.cost}. Time: {self.takes}. Waits for the result and "
            f"returns the images and their public URLs; `{SAVE_TO}` writes the {saved} into "
            f"that folder (under the server's root). Mirrors POST /v2{self.path}."
            + (
                ' Image arguments also take {"type": "file", "path": ...} naming a file of '
                "the project."
                if "Base64Image" in self.input_schema.get("$defs", {})
                else ""
            )
        )

    @cached_property
    def input_schema(self) -> dict[str, Any]:
        """The request model's JSON Schema, with the path parameters and ``save_to``."""
        schema = copy.deepcopy(self.model.model_json_schema())
        props = schema.setdefault("properties", {})
        required = schema.setdefault("required", [])
        for name in self.path_params:
            props[name] = {"type": "string", "description": f"The {name.replace('_', ' ')}."}
            required.append(name)
        props[SAVE_TO] = {
            "type": "string",
            "description": "Optional folder (relative to the server's root, or absolute "
            "inside it) to write the files into; created if missing.",
        }
        schema["type"] = "object"
        image = schema.get("$defs", {}).get("Base64Image")
        if image is not None:
            schema["$defs"]["Base64Image"] = {"anyOf": [image, FILE_IMAGE]}
        return schema


TOOLS: list[ToolSpec] = [
    ToolSpec(
        "create_tileset",
        "/tilesets",
        "A top-down corner-Wang tileset blending two described terrains (16 tiles, or 25 "
        "in the tall-wall layout), seamless by construction, connectable to other sets "
        "through base tile ids.",
        "standard 2-3 generations, Pro 15 (32 px) or 25 (64 px)",
        "about a second",
        result="/tilesets/{tileset_id}",
        exports=_TILESET_EXPORTS,
        preview=_TILESET_EXPORTS["sheet"],
    ),
    ToolSpec(
        "create_sidescroller_tileset",
        "/tilesets-sidescroller",
        "A sidescroller platform tileset (16 tiles: platform terrain against transparent air).",
        "3 generations (16 px) or 4 (32 px)",
        "about a second",
        result="/tilesets-sidescroller/{tileset_id}",
        exports=_SIDESCROLLER_EXPORTS,
        preview=_SIDESCROLLER_EXPORTS["sheet"],
    ),
    ToolSpec(
        "create_tiles_pro",
        "/create-tiles-pro",
        "Pro tiles on six geometries (square, isometric, hex, octagon, oblique): numbered "
        "variations, or connectable road, terrain and building sets with placement rules.",
        "10, 15 or 25 generations by tile size x count",
        "a few seconds",
        result="/tiles-pro/{tile_id}",
    ),
    ToolSpec(
        "create_isometric_tile",
        "/create-isometric-tile",
        "One isometric tile (thin tile, thick tile or block) from a description such as "
        '"grass on top of dirt".',
        "1 generation (2 above a 32x32 canvas)",
        "under a second",
        result="/isometric-tiles/{tile_id}",
    ),
    ToolSpec(
        "create_ui_panel",
        "/create-ui-asset",
        "A game UI panel composed from pieces and auto-laid-out elements (windows, buttons, "
        "health bars, slots), with each region's box and nine-slice insets.",
        "20, 30 or 40 generations by canvas area (up to 256x256, 384x384, larger)",
        "a few seconds",
        result="/ui-assets/{ui_asset_id}",
    ),
    ToolSpec(
        "create_ui_element",
        "/generate-ui-v2",
        "One UI element (a button, a bar, a frame) with its layout.",
        "20, 30 or 40 generations by canvas area (up to 256x256, 384x384, larger)",
        "a few seconds",
    ),
    ToolSpec(
        "reduce_colors",
        "/reduce-colors",
        "Frames quantised onto one shared palette.",
        "0.1 generation",
        "immediate",
    ),
    ToolSpec(
        "correct_pixelart",
        "/correct-pixelart",
        'An image of "pseudo pixel art" snapped to its grid: one colour per cell.',
        "0.1 generation",
        "immediate",
    ),
    ToolSpec(
        "unzoom_pixelart",
        "/unzoom",
        "Upscaled pixel art returned at its native size.",
        "0.1 generation",
        "immediate",
    ),
    ToolSpec(
        "resize_pixelart",
        "/resize",
        "A sprite resized keeping its outlines and one-pixel features.",
        "0.1 generation",
        "immediate",
    ),
    ToolSpec(
        "remove_background",
        "/remove-background",
        "The backdrop connected to the border made transparent.",
        "0.1 generation",
        "immediate",
    ),
    ToolSpec(
        "image_to_pixelart",
        "/image-to-pixelart",
        "A picture converted to pixel art at a given size.",
        "1 generation",
        "immediate",
    ),
    ToolSpec(
        "image_to_pixelart_pro",
        "/image-to-pixelart-pro",
        "A picture converted to pixel art at an automatic size, steered by style words.",
        "2 generations (3 for inputs over 1024x1024)",
        "a few seconds",
    ),
    ToolSpec(
        "image_to_pixelart_pro_flash",
        "/image-to-pixelart-pro-flash",
        "A photo, painting or render converted to pixel art in one fast pass.",
        "1 generation (2 for outputs over 128x128)",
        "a few seconds",
    ),
    ToolSpec(
        "normal_map",
        "/normal-map",
        "A sprite's normal map (RGB-encoded unit normals) for 2D lighting.",
        "0.1 generation",
        "immediate",
    ),
    ToolSpec(
        "create_vfx",
        "/vfx",
        "A looping visual effect (fire, smoke, magic...) from a description: frames and a "
        "spritesheet.",
        "1 generation per 65,536 pixels of all frames (at least 1)",
        "a few seconds",
    ),
    ToolSpec(
        "create_character_4_directions",
        "/create-character-with-4-directions",
        "A character facing south, west, east and north from a description.",
        "1 generation",
        "a few seconds",
        result="/characters/{character_id}",
        exports=_CHARACTER_EXPORTS,
    ),
    ToolSpec(
        "create_character_8_directions",
        "/create-character-with-8-directions",
        "A character in 8 directions from a description (standard or pro mode).",
        "1 generation standard; Pro 20-40 by size",
        "a few seconds",
        result="/characters/{character_id}",
        exports=_CHARACTER_EXPORTS,
    ),
    ToolSpec(
        "create_character_v3",
        "/create-character-v3",
        "A character in 8 rotations from a description or a south-facing reference.",
        "1 generation plus 1 per 8,192 pixels of canvas",
        "a few seconds",
        result="/characters/{character_id}",
        exports=_CHARACTER_EXPORTS,
    ),
    ToolSpec(
        "create_character_pro",
        "/create-character-pro",
        "A Pro character in 8 directions.",
        "20-40 generations by size",
        "a few seconds",
        result="/characters/{character_id}",
        exports=_CHARACTER_EXPORTS,
    ),
    ToolSpec(
        "create_character_pro_flash",
        "/create-character-pro-flash",
        "A Pro Flash character in 8 directions, billed in stages.",
        "5 for the first image (free when reused) plus the rotations",
        "a few seconds",
        result="/characters/{character_id}",
        exports=_CHARACTER_EXPORTS,
    ),
    ToolSpec(
        "create_character_state",
        "/create-character-state",
        'A state of an existing character ("with a torch", "wounded"), grouped with it.',
        "1 generation",
        "a few seconds",
        result="/characters/{character_id}",
        exports=_CHARACTER_EXPORTS,
    ),
    ToolSpec(
        "animate_character",
        "/animate-character",
        "An animation of an existing character (walk, run, attack... or a free-text action), "
        "one job per direction.",
        "1 generation a direction for templates; free-text (v3, pro) 20-40 a direction",
        "a few seconds per direction",
        result="/characters/{character_id}",
        exports=_CHARACTER_EXPORTS,
    ),
    ToolSpec(
        "create_object_1_direction",
        "/create-1-direction-object",
        "An object or prop seen from one direction; small sizes give several candidates.",
        "20-40 generations by size",
        "a few seconds",
        result="/objects/{object_id}",
        exports=_OBJECT_EXPORTS,
    ),
    ToolSpec(
        "create_object_8_directions",
        "/create-8-direction-object",
        "An object or prop in 8 directions.",
        "20-40 generations by size",
        "a few seconds",
        result="/objects/{object_id}",
        exports=_OBJECT_EXPORTS,
    ),
    ToolSpec(
        "create_object_pro_flash",
        "/create-object-pro-flash",
        "A 1- or 8-direction object billed in stages.",
        "5 for the first image (free when reused) plus the rotations",
        "a few seconds",
        result="/objects/{object_id}",
        exports=_OBJECT_EXPORTS,
    ),
    ToolSpec(
        "create_object_state",
        "/objects/{object_id}/states",
        'A state of an existing object ("open", "broken", "covered in snow").',
        "20-40 generations by size",
        "a few seconds",
        result="/objects/{object_id}",
        exports=_OBJECT_EXPORTS,
    ),
    ToolSpec(
        "animate_object",
        "/objects/{object_id}/animations",
        "An animation of an existing object (a chest opening, a torch flickering), per direction.",
        "v3 1 generation a direction; Pro 20-40 a direction",
        "a few seconds per direction",
        result="/objects/{object_id}",
        exports=_OBJECT_EXPORTS,
    ),
    ToolSpec(
        "rotate_sprite_8_directions",
        "/generate-8-rotations-v3",
        "Any sprite (drawn here or elsewhere) turned to 8 directions in its own palette; "
        "the given direction comes back pixel for pixel.",
        "1 generation per 8,192 pixels of the sprite (at least 1)",
        "a few seconds",
    ),
    ToolSpec(
        "rotate_sprite_pro",
        "/generate-8-rotations-v2",
        "8 rotations from a reference sprite or a concept image, in a chosen view.",
        "20-40 generations by size",
        "a few seconds",
    ),
    ToolSpec(
        "rotate_sprite",
        "/rotate",
        "A sprite turned from one direction (or view) to another.",
        "1 generation",
        "immediate",
    ),
    ToolSpec(
        "animate_sprite",
        "/animate-with-text-v3",
        'Any sprite animated by a described action ("walk", "swing the sword"); frame 0 is '
        "the sprite, the palette stays its own.",
        "1 generation per 65,536 pixels of all frames (at least 1)",
        "a few seconds",
    ),
    ToolSpec(
        "animate_sprite_pixminimax",
        "/animate-pixminimax",
        "Any sprite animated by a described action, 4 to 40 frames.",
        "1-6 generations by frame count, per 64x64 of area",
        "a few seconds",
    ),
    ToolSpec(
        "interpolate_frames",
        "/interpolation-v2",
        "In-between frames from a start image to an end image, by pose, not cross-fade.",
        "20-40 generations by size",
        "a few seconds",
    ),
    ToolSpec(
        "edit_animation",
        "/edit-animation-v2",
        "One edit description applied alike to every frame of an animation.",
        "20-40 generations by size",
        "a few seconds",
    ),
    ToolSpec(
        "transfer_outfit",
        "/transfer-outfit-v2",
        "A reference's outfit colours carried onto every frame of an animation.",
        "20-40 generations by size",
        "a few seconds",
    ),
    ToolSpec(
        "create_image",
        "/create-image-pixflux",
        "One image from a description: a figure, creature or prop, an item icon, a seamless "
        "texture or a layered scene; answered at once.",
        "1 generation",
        "immediate",
    ),
    ToolSpec(
        "create_image_bitforge",
        "/create-image-bitforge",
        "A small image (up to 200x200) from a description, with style image, init image, forced "
        "palette, skeleton pose or inpainting.",
        "1 generation",
        "immediate",
    ),
    ToolSpec(
        "create_image_pixen",
        "/create-image-pixen",
        "An image from a description on a canvas up to 512x512 (sides divisible by 4).",
        "1 generation (+0.05 with enhance_prompt)",
        "immediate",
    ),
    ToolSpec(
        "create_image_background",
        "/create-image-pixflux-background",
        "The same as create_image, drawn as a background job.",
        "1 generation",
        "a few seconds",
    ),
    ToolSpec(
        "create_image_pro_flash",
        "/create-image-pro-flash",
        "An image whose source_image_id character and object Pro Flash reuse, billed in stages.",
        "5 generations",
        "a few seconds",
    ),
    ToolSpec(
        "generate_image_candidates",
        "/generate-image-v2",
        "Candidates of one description, visibly different: 64 at up to 42 px, 16 up to 85, 4 up to"
        " 170, else 1.",
        "2 generations",
        "a few seconds",
    ),
    ToolSpec(
        "generate_with_style",
        "/generate-with-style-v2",
        "Images in the palette, outline, shading and size of the style images given.",
        "2 generations",
        "a few seconds",
    ),
    ToolSpec(
        "edit_image",
        "/edit-image",
        "An image edited by an instruction ('make the cape red', 'give him a hat', 'covered in "
        "snow'); what it does not name stays byte for byte.",
        "1 generation",
        "a few seconds",
    ),
    ToolSpec(
        "edit_image_pixen",
        "/edit-image-pixen",
        "An image edited by an instruction and re-rendered at a new canvas size.",
        "1 generation",
        "a few seconds",
    ),
    ToolSpec(
        "edit_image_pro_flash",
        "/edit-image-pro-flash",
        "An image edited by an instruction, billed in stages, with a reusable source_image_id.",
        "5 generations",
        "a few seconds",
    ),
    ToolSpec(
        "edit_images",
        "/edit-images-v2",
        "One instruction applied alike to up to 16 images.",
        "2 generations",
        "a few seconds",
    ),
    ToolSpec(
        "inpaint",
        "/inpaint",
        "The masked region (white) drawn with the described thing and filled from the image's own "
        "texture; black pixels kept byte for byte; answered at once.",
        "1 generation",
        "immediate",
    ),
    ToolSpec(
        "inpaint_v3",
        "/inpaint-v3",
        "Inpainting as a background job, with a context image and crop to the mask.",
        "2 generations",
        "a few seconds",
    ),
    ToolSpec(
        "inpaint_pro_flash",
        "/inpaint-image-pro-flash",
        "Inpainting billed in stages, with a reusable source_image_id.",
        "5 generations",
        "a few seconds",
    ),
    ToolSpec(
        "create_map_object",
        "/map-objects",
        "A one-off transparent prop for a map, cheaper than an object; deleted after 8 hours.",
        "1 generation (2 above 128x128 pixels)",
        "a few seconds",
        result="/map-objects/{object_id}",
    ),
]


def tool_by_name(name: str) -> ToolSpec | None:
    return next((t for t in TOOLS if t.name == name), None)
