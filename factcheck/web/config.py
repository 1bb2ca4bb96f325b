"""The web app's own options, beside the checker's ``Settings``; built by ``factcheck serve``."""
from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from ..settings import Settings
from .db import LoginLimits


class WebConfig(BaseModel):
    database_url: str = Field(description="SQLAlchemy URL: sqlite:///path.sqlite or postgresql://...")
    settings: Settings = Field(default_factory=Settings)
    sources_dir: Path | None = None
    max_upload_bytes: int = 1_000_000
    session_hours: float = 12.0
    secure_cookies: bool = Field(default=False, description="mark cookies Secure (serve behind HTTPS)")
    allow_private_urls: bool = Field(default=False, description="let drafts be fetched from local addresses")
    url_deadline: float = Field(default=30.0, gt=0, description="seconds fetching a draft by URL may take in all")
    concurrency: int = 1
    in_process: bool = Field(default=False, description="on PostgreSQL, run checks in this process too "
                                                        "instead of leaving them to `factcheck worker`")
    lease: float = Field(default=60.0, description="seconds a worker's claim on a run holds without renewal")
    login_limits: LoginLimits = Field(default_factory=LoginLimits,
                                      description="failed sign-ins allowed per account and per address")
