"""Where source documents come from: an archive folder (``--sources DIR``) or the
network. Both answer the same question, ``await provider.get(url)``."""
from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel

from ..models import SourceDocument


class FetchResult(BaseModel):
    url: str
    document: SourceDocument | None = None
    # ok: a document; not_found: the citation cannot be resolved (404, or absent
    # from the archive); failed: could not check (timeout, 5xx, rate limit);
    # refused: not fetched on purpose (scheme, private host, content type, size).
    status: Literal["ok", "not_found", "failed", "refused"] = "ok"
    detail: str = ""
    requests: int = 0
    cached_requests: int = 0


class SourceProvider(Protocol):
    async def get(self, url: str) -> FetchResult: ...
