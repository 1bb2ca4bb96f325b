"""One rule per finding category, described for SARIF and the HTML legend (in English;
the formats translate ``short`` and ``full`` through the catalog)."""
from __future__ import annotations

from typing import NamedTuple

from ..i18n.catalog import N_
from ..models import CATEGORIES, Category


class Rule(NamedTuple):
    name: str
    short: str
    full: str


RULES: dict[Category, Rule] = {
    "overstatement": Rule(
        "Overstatement",
        N_("The claim says more than its source."),
        N_("A range reported as its top, a hedge dropped, a number rounded up, the source's conditions "
           "(hardware, parallelism, precision, model, workload) dropped or widened, a kernel result stated "
           "for a whole product, experimental called stable.")),
    "metric-conflation": Rule(
        "MetricConflation",
        N_("Numbers of different metrics or configurations are combined or equated."),
        N_("Numbers of different metrics, records, configurations or points on a curve are compared, "
           "divided or equated, or a number is given under another metric's name (denoise vs end-to-end, "
           "tokens/s/GPU vs tokens/s/user, kernel vs end-to-end).")),
    "license": Rule(
        "License",
        N_("A license is attributed wrongly or not stated by the source."),
        N_("A license attributed to the wrong artifact (code vs weights vs model), a license the source "
           "does not state, or a license claimed where the source shows none.")),
    "release-date": Rule(
        "ReleaseDate",
        N_("A release, publication or merge date the source contradicts."),
        N_("A date the source contradicts, or something called new or first released in the newsletter's "
           "window that the source shows was released earlier.")),
    "unsupported": Rule(
        "Unsupported",
        N_("A checkable statement no cited source supports."),
        N_("A number, date, version or name that no cited source supports, or a citation that cannot be "
           "resolved.")),
}

assert tuple(RULES) == CATEGORIES, "one rule per category, in contract order"
