"""The deterministic checks, one module per category of the contract. Each check
is ``(ClaimContext) -> list[Finding]``; the registry is the order they run in."""
from __future__ import annotations

from typing import Callable

from ..models import Finding
from . import certainty, conflation, generality, license, overstatement, polarity, release_date, unsupported
from .context import ClaimContext

Check = Callable[[ClaimContext], list[Finding]]

REGISTRY: dict[str, list[Check]] = {
    "overstatement": overstatement.CHECKS,
    "metric-conflation": conflation.CHECKS,
    "license": license.CHECKS,
    "release-date": release_date.CHECKS,
    "unsupported": unsupported.CHECKS,
    "polarity": polarity.CHECKS,  # reports as overstatement or license
    "certainty": certainty.CHECKS,  # reports as overstatement
    "generality": generality.CHECKS,  # reports as overstatement
}

# a license claim's checks, for a sentence whose own section cites nothing (``verify._project_documents``)
LICENSE_CHECKS: list[Check] = list(license.CHECKS)

# the checks that need no figure, date, license or status in the claim: they also run on
# sentences that have none (``verify.checkable``)
FIGURE_FREE: list[Check] = [*polarity.CHECKS, *certainty.CHECKS, *generality.CHECKS, unsupported.reply_not_in_thread,
                            # a model name put in a source's mouth ("The PR summary says … Llama-3.1-70B")
                            unsupported.condition_unseen, unsupported.quote_put_on_other,
                            unsupported.speech_put_on_other, unsupported.reply_content_absent, unsupported.quote_not_in_source,
                            overstatement.named_row_not_top,
                            # a default a source gives ("debug 默认值设为 false")
                            unsupported.default_value_differs, unsupported.checklist_unchecked,
                            # "该 issue 仍处于 open 状态" where the thread is closed
                            release_date.open_but_closed]


def run_checks(ctx: ClaimContext, categories: list[str] | None = None,
               checks: list[Check] | None = None) -> list[Finding]:
    """Every registered check on one claim; findings of categories switched off in
    the settings are dropped (a check may report under another category than its
    module's). ``checks``: only these, in place of the registry.

    A rule that fails on an input nobody foresaw must not cost the writer the whole
    report: its failure becomes an ``info`` finding naming the rule, and the other
    rules still run.
    """
    found: list[Finding] = []
    for group in ([checks] if checks is not None else REGISTRY.values()):
        for check in group:
            try:
                found.extend(check(ctx))
            except Exception as exc:  # noqa: BLE001 - reported, never swallowed
                found.append(ctx.finding(
                    "unsupported", "info",
                    f"could not check: rule {check.__name__} failed on this sentence ({type(exc).__name__}: {exc})",
                    [], f"internal:{check.__name__}"))
    if categories is not None:
        found = [f for f in found if f.category in categories]
    return found
