"""The deterministic checks, one module per category of the contract. Each check
is ``(ClaimContext) -> list[Finding]``; the registry is the order they run in."""
from __future__ import annotations

from typing import Callable

from ..models import Finding
from . import conflation, license, overstatement, release_date, unsupported
from .context import ClaimContext

Check = Callable[[ClaimContext], list[Finding]]

REGISTRY: dict[str, list[Check]] = {
    "overstatement": overstatement.CHECKS,
    "metric-conflation": conflation.CHECKS,
    "license": license.CHECKS,
    "release-date": release_date.CHECKS,
    "unsupported": unsupported.CHECKS,
}


def run_checks(ctx: ClaimContext, categories: list[str] | None = None) -> list[Finding]:
    """Every registered check on one claim. A category switched off in the settings
    still runs, so its findings can be dropped after merging (a check may report
    under another category than its module's)."""
    found: list[Finding] = []
    for checks in REGISTRY.values():
        for check in checks:
            found.extend(check(ctx))
    if categories is not None:
        found = [f for f in found if f.category in categories]
    return found
