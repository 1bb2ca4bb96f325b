"""Freeze source documents as an evidence archive: one docs/contracts.md §2 JSON file per
document, named after its URL (``github_com-vllm-project-vllm-pull-56893.json``),
which ``factcheck check --sources DIR`` reads back."""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

from ..models import SourceDocument

MAX_STEM = 120


def file_name(url: str) -> str:
    """host with dots as ``_``, path segments joined by ``-``; a query or an
    over-long name gets a short hash so distinct URLs keep distinct files."""
    parts = urlsplit(url if "://" in url else "https://" + url)
    host = (parts.hostname or "unknown").lower().removeprefix("www.")
    if parts.port:
        host += f"_{parts.port}"
    segments = [host, *(s for s in parts.path.split("/") if s)]
    stem = "-".join(re.sub(r"[^A-Za-z0-9_-]+", "_", s).strip("_") or "_" for s in segments)
    if parts.query or len(stem) > MAX_STEM:
        digest = hashlib.sha1(url.encode()).hexdigest()[:8]
        stem = f"{stem[:MAX_STEM]}-{digest}"
    return stem + ".json"


def document_json(document: SourceDocument) -> str:
    data = document.model_dump(mode="json")
    # Unknown dates and empty extras are left out; a license's null spdx is kept,
    # because {"spdx": null, "name": "none found"} says the source was checked.
    data["dates"] = {k: v for k, v in data.get("dates", {}).items() if v is not None}
    data = {k: v for k, v in data.items() if k == "text" or v not in (None, [], {})}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def save_documents(documents: list[SourceDocument], folder: Path) -> list[Path]:
    """Write each document once (documents sharing a URL are one); returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}
    for document in documents:
        path = folder / file_name(document.url)
        if document.url in written:
            continue
        if path in written.values():
            # Two URLs that differ only in characters the name drops.
            path = path.with_name(f"{path.stem}-{hashlib.sha1(document.url.encode()).hexdigest()[:8]}.json")
        write_atomically(path, document_json(document))
        written[document.url] = path
    return list(written.values())


def write_atomically(path: Path, text: str) -> None:
    # A half-written file would be read back as an invalid source document.
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)
