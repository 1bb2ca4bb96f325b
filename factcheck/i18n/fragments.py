"""Words that the checks build into their messages from variables ("the source
{what} on …" with what = "was merged"), listed here so that the extractor puts
them in the catalog; ``Translator.text`` translates a value taken out of a
message when it is one of these. Nothing imports this module at run time."""
from __future__ import annotations

from .catalog import N_


FRAGMENTS = [
    # release_date: what the source did, and a PR's state
    N_("was merged"), N_("was opened"), N_("was published"), N_("was committed"), N_("the setting"),
    N_("still open"), N_("closed without being merged"),
    # release_date: date fields of a source document
    N_("merged"), N_("published"), N_("first release"), N_("created"), N_("closed"), N_("updated"),
    # conflation: what a count of text counts
    N_("tokens"), N_("characters"), N_("words"),
    # license: the artifact a license applies to
    N_("the {artifact}"), N_("it"), N_("code"), N_("weights"), N_("model"), N_("data"),
    # overstatement: where a result was measured
    N_(" (measured on {named})"),
    N_("The claim says this was validated; the source says it was not."),
    N_("The claim speaks of use across nodes; the source ran it on a single node only."),
    N_("The claim calls this stable or production-ready; the source marks it experimental."),
    N_("The claim says this is on by default; the source says it is opt-in."),
    N_("The claim says this is permanent; the source says it is temporary."),
    N_("The claim says this runs on a single node; the source uses several."),
    # conflation: what a figure is, and which row gives the claimed one
    N_("{after.q.raw} is its {metric}, not the {other_metric}"),
    N_("{after.q.raw} comes from another row or table"),
    N_("; the {row} row gives {theirs}"),
    N_("{a} vs {b}"),
    N_("{first} and {second}"),
    N_("another metric"),
    # metric names (factcheck/lexicon/metrics.toml)
    N_("denoising time"), N_("end-to-end time"), N_("time to first token"), N_("time per output token"), N_("encoding time"),
    N_("kernel time"), N_("total tokens/s per GPU"), N_("generated tokens/s per user"),
    N_("output throughput"), N_("input throughput"), N_("end-to-end throughput"), N_("KV capacity"),
    N_("bytes per token (record)"), N_("bytes across all layers"), N_("page stride"), N_("data row size"),
    N_("peak memory"), N_("kernel speedup"), N_("end-to-end speedup"), N_("speculative acceptance (length or rate)"),
    # values of metadata evidence (models.Evidence.of_field, graph.unresolved_findings)
    N_("none found"), N_("not stated"), N_("open"), N_("no archived source document answers this URL"),
    # web: a finding's decision, and the actions in a draft's history (web/db.py)
    N_("accepted"), N_("dismissed"), N_("submitted"), N_("retried"), N_("rechecked"), N_("carried"),
    N_("resolved"), N_("accept"), N_("dismiss"), N_("edit"), N_("reopen"), N_("incomplete_accepted"),
    N_("new"), N_("in_review"), N_("changes_requested"), N_("approved"),
    # web: a revision's check (web/db.py FINISHED and before), and a user's role
    N_("queued"), N_("running"), N_("done"), N_("failed"), N_("incomplete"),
    # progress: "source {status}: {url} ({detail})" (graph.fetch_one, sources.FetchResult.status)
    N_("not found"), N_("refused"),
    N_("writer"), N_("reviewer"),
    # graph: an unresolved citation
    N_("could not check: source not available"),
    N_("could not check: {detail}"),
]
