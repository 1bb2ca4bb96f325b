"""What every human-facing format says once per run: the closing count line,
and the order findings are listed in."""
from __future__ import annotations

from ..models import SEVERITY_RANK, Finding, Report


def unchecked(report: Report) -> int:
    """Findings of severity ``info``: by the contract, claims that could not be checked."""
    return sum(1 for f in report.findings if f.severity == "info")


def summary_line(reports: list[Report]) -> str:
    """"N sentences, M claims checked, K could not be checked, S suppressed", summed."""
    sentences = sum(r.stats.sentences for r in reports)
    claims = sum(r.stats.claims for r in reports)
    missed = sum(unchecked(r) for r in reports)
    suppressed = sum(r.stats.suppressed for r in reports)
    return (f"{sentences} sentences, {claims} claims checked, "
            f"{missed} could not be checked, {suppressed} suppressed")


def by_position(findings: list[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: (f.line, f.column, -SEVERITY_RANK[f.severity], f.category))


def by_severity(findings: list[Finding]) -> list[Finding]:
    """Worst first, then in draft order: the order to keep when output is capped."""
    return sorted(findings, key=lambda f: (-SEVERITY_RANK[f.severity], f.line, f.column, f.category))


def one_line(text: str) -> str:
    return " ".join(text.split())
