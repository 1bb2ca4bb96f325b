"""License: a license given to the wrong artifact (code vs weights), one the
source does not state, or one claimed where the source shows none."""
from __future__ import annotations

import re

from ..extract.licenses import license_forms, license_key
from ..lexicon import load_lexicon
from ..models import Evidence, Finding, LicenseInfo, SourceDocument, SourceMetadata
from ..regex_cache import compile_pattern
from ..sources.urls import github_parts
from .context import ClaimContext

_HF_REPO = compile_pattern(r"https?://huggingface\.co/([^/]+/[^/#?]+)")

# weights and model are one artifact for licensing: a model card licenses its weights
_SAME = {"model": "weights"}


def _artifact(a: str | None) -> str | None:
    return _SAME.get(a, a) if a else a


def canonical(info: LicenseInfo) -> str | None:
    """The comparison key of a source's license record; None for "none found"."""
    if not info.spdx and (not info.name or info.name.strip().lower() in {"none found", "none", "no license"}):
        return None
    if info.spdx:
        hits = load_lexicon().licenses.find(info.spdx)
        if hits:
            return hits[0].key
    return license_key(info.name or info.spdx or "")


def _forms(key: str | None, *names: str | None) -> set[str]:
    out = {key} if key else set()
    for name in names:
        if name:
            out |= license_forms(name)
    return out


def _default_artifact(doc: SourceDocument) -> str:
    return "weights" if doc.kind == "model_card" else "code"


def _records(ctx: ClaimContext) -> list[tuple[str | None, str, Evidence, set[str]]]:
    """(license key, artifact, evidence, the keys it answers to) from the cited
    sources' metadata and text."""
    out = []
    for doc in ctx.docs:
        for info in doc.licenses():
            key = canonical(info)
            shown = info.spdx or info.name or "none"
            out.append((key, _artifact(info.applies_to) or _default_artifact(doc),
                        Evidence(url=doc.url, metadata=SourceMetadata(field="license",
                                                                      value=shown if key else "none found")),
                        _forms(key, info.spdx, info.name) if key else set()))
    for fact in ctx.facts:
        for ls in fact.statement.licenses:
            if ls.negated:
                continue
            for a in ls.artifacts or [None]:
                doc = next(d for d in ctx.docs if d.url == fact.url)
                out.append((ls.key, _artifact(a) or _default_artifact(doc), Evidence(url=fact.url, quote=fact.quote),
                            _forms(ls.key, ls.text) if ls.key else set()))
    return out


def _shown(record) -> str:
    """A record's license as the source writes it."""
    meta = record[2].metadata
    return meta.value if meta is not None else record[0]


def _scope_unstated(ctx: ClaimContext, claimed: set[str]) -> bool:
    """Whether a cited source's text names the claimed license without saying what it covers ("New license for
    commercial use ([OpenRail-M](…))" under a checkpoint's heading), and no metadata gives it a scope: what it
    applies to is unread, not unstated."""
    if any(_forms(canonical(info), info.spdx, info.name) & claimed for d in ctx.docs for info in d.licenses()
           if canonical(info)):
        return False
    return any(ls.key and not ls.negated and not ls.artifacts and _forms(ls.key, ls.text) & claimed
               for fact in ctx.facts if fact.where == "text" for ls in fact.statement.licenses)


# "要等 MiniMax H3 Community License 的审查完成", "pending the license review": a license under review is
# not one the sentence says applies
_UNDER_REVIEW = compile_pattern(r"\s*(?:的\s*)?(?:审查|审核|评审|批准|\b(?:review|approval|sign-off)\b)", re.IGNORECASE)


def license_mismatch(ctx: ClaimContext) -> list[Finding]:
    claims = [ls for ls in ctx.claim.licenses if not ls.negated and not _UNDER_REVIEW.match(ctx.claim.text, ls.end)]
    if not claims or not ctx.docs:
        return []
    records = _records(ctx)
    out = []
    for ls in claims:
        if ls.key is None:  # the claim says there is no license
            stated = [r for r in records if r[0]]
            if stated:
                out.append(ctx.finding("license", "error", f"The source states a license: {stated[0][0]}.",
                                       [stated[0][2]], "license-none-claimed"))
            continue
        if records and all(r[0] is None for r in records):
            out.append(ctx.finding("license", "error",
                                   f"The claim gives {ls.text}; the source was checked and shows no license.",
                                   [records[0][2]], "license-where-none"))
            continue
        score = {d.url: sc for sc, d in ctx.ranked_docs()}
        for artifact in [_artifact(a) for a in ls.artifacts] or [None]:
            relevant = [r for r in records if r[0] and (artifact is None or r[1] == artifact)]
            claimed = _forms(ls.key, ls.text)
            if artifact and any(r[3] & claimed for r in relevant):
                # Another cited project agrees (Wan2.2's weights are Apache-2.0): it decides
                # only if it is not clearly less what the sentence speaks of than the one
                # that disagrees ("black-forest-labs/flux 仓库 … 与 Krea 权重").
                best_against = max((score.get(r[2].url, 0) for r in relevant if not r[3] & claimed), default=None)
                best_for = max(score.get(r[2].url, 0) for r in relevant if r[3] & claimed)
                if best_against is not None and best_against >= best_for + 2:
                    relevant = [r for r in relevant if not r[3] & claimed]
            if not relevant and _licensed_elsewhere(ctx, artifact, claimed):
                continue  # "the repository remains under the MIT License": its LICENSE is cited in another section
            if not relevant and _scope_unstated(ctx, claimed):
                continue  # "links an OpenRail-M license for v0.9.5": a source names it where no rule reads its scope
            if not relevant:
                what = f"the {artifact}" if artifact else "it"
                evidence = [r[2] for r in records[:2]] or [
                    Evidence.of_field(d, "license") for d in ctx.docs[:2]]
                out.append(ctx.finding(
                    "license", "warning",
                    f"No cited source states a license for {what}; the claim gives {ls.text}. "
                    "Cite the repository or model card that does.",
                    evidence, "license-not-stated"))
                continue
            if not any(r[3] & claimed for r in relevant):
                other = relevant[0]
                out.append(ctx.finding(
                    "license", "error",
                    f"The source gives the {other[1]} a different license ({_shown(other)}), not {ls.text}.",
                    [other[2]], "license-wrong-artifact"))
    return out


# what may stand between "only" and the license it restricts: "only under the", "仅采用"
_SOLE_GAP = compile_pattern(r"^[\s-]*(?:(?:licensed|released|available|under|the|a|an|采用|使用|用|为|是|遵循|基于)[\s-]*)*$",
                            re.IGNORECASE)


def _said_alone(text: str, ls) -> bool:
    """The claim gives the license as the only one: a "sole" word right before or after its name."""
    for hit in load_lexicon().license_sole.find(text):
        if hit.end <= ls.start and _SOLE_GAP.match(text[hit.end:ls.start]):
            return True
        if hit.start >= ls.end and not text[ls.end:hit.start].strip(" -"):
            return True
    return False


def license_said_alone(ctx: ClaimContext) -> list[Finding]:
    """One license told as the only one where the source gives a choice or a set: "candle is
    Apache-2.0 only" where Cargo.toml says "MIT OR Apache-2.0"."""
    sole = [ls for ls in ctx.claim.licenses if ls.key and not ls.negated and _said_alone(ctx.claim.text, ls)]
    if not sole or not ctx.docs:
        return []
    licenses = load_lexicon().licenses
    records = _records(ctx)
    for ls in sole:
        claimed = _forms(ls.key, ls.text)
        for record in records:
            if not record[0] or not record[3] & claimed:
                continue
            named = {h.key for h in licenses.find(_shown(record) or "")}
            if len(named - claimed) >= 1 and named & claimed:
                shown, told = _shown(record), ls.text
                return [ctx.finding("license", "warning", f"The source gives {shown}, not {told} alone.",
                                    [record[2]], "license-said-alone")]
    return []


_EXCEPT = compile_pattern(r"但|除非|除外|不过|\b(?:but|except|unless|however)\b", re.IGNORECASE)


def license_terms_dropped(ctx: ClaimContext) -> list[Finding]:
    """"3.1.0 之后的代码可以按标准 Apache 2.0 使用，商用不设门槛" where the LICENSE says "依据 Apache License 2.0
    进行许可，并受以下附加条款约束": a license told as the plain one ("standard" next to its name, or "no
    additional terms") that a passage of the cited source gives with terms of its own added. Not where the
    sentence names the terms or an exception itself."""
    lexicon = load_lexicon()
    text = ctx.claim.text
    hits = lexicon.license_plain.find(text)
    if not hits or any(h.key == "added" for h in hits) or _EXCEPT.search(text):
        return []
    told = [ls for ls in ctx.claim.licenses if ls.key and not ls.negated and (
        any(h.key == "terms" for h in hits)
        or any(h.key == "plain" and h.end <= ls.start and _SOLE_GAP.match(text[h.end:ls.start]) for h in hits))]
    for ls in told:
        for fact in ctx.facts:
            if not any(h.key == "added" for h in lexicon.license_plain.find(fact.quote)):
                continue
            if ls.key in {h.key for h in lexicon.licenses.find(fact.quote)}:
                said = ls.text
                return [ctx.finding("license", "warning",
                                    f"The source gives {said} with additional terms of its own; the claim tells it as "
                                    "the plain license.", [fact], "license-terms-dropped")]
    return []


def repo_of(doc: SourceDocument) -> str | None:
    if doc.repo:
        return doc.repo.lower()
    if parts := github_parts(doc.url):
        return parts[0].lower()
    m = _HF_REPO.match(doc.url)  # a model card's repository
    return m.group(1).lower() if m else None


def project_name(doc: SourceDocument) -> str | None:
    """The name of the project a document is of, folded: its repository's last part ("stanfordnlp/stanza" → "stanza")."""
    repo = repo_of(doc)
    return repo.rsplit("/", 1)[-1] if repo else None


def _licensed_elsewhere(ctx: ClaimContext, artifact: str | None, claimed: set[str]) -> bool:
    """Whether a document the draft cites in another section, of a repository this section
    cites, gives the claimed license to the same artifact."""
    repos = {repo_of(d) for d in ctx.docs} - {None}
    for doc in ctx.licensed:
        if doc in ctx.docs or repo_of(doc) not in repos:
            continue
        for info in doc.licenses():
            key = canonical(info)
            if key and (artifact is None or (_artifact(info.applies_to) or _default_artifact(doc)) == artifact) \
                    and _forms(key, info.spdx, info.name) & claimed:
                return True
    return False


# "Open Source Software Licensed Under the BSD 2-Clause License:": a heading over the
# third-party parts a license file lists under a license of their own
_SCOPE_HEAD = compile_pattern(r"^[^\n]*(?:licen[sc]ed under|under the)[^\n]*[:：][ \t]*$|^[^\n]*(?:许可|协议)[^\n]*[:：][ \t]*$",
                              re.IGNORECASE | re.MULTILINE)
_COMPONENT = compile_pattern(r"(?<![\w.])[A-Za-z][\w+-]*(?:\.[A-Za-z][\w+-]*)*")


def _scopes(doc: SourceDocument) -> tuple[list[tuple[str, str]], str]:
    """The parts of a license file under each heading that names one license, and the text
    before the first such heading."""
    licenses = load_lexicon().licenses
    heads = [(m, {h.key for h in licenses.find(m.group(0))}) for m in _SCOPE_HEAD.finditer(doc.text)]
    heads = [(m, keys) for m, keys in heads if len(keys) == 1]
    scopes = [(next(iter(keys)), doc.text[m.end():heads[i + 1][0].start() if i + 1 < len(heads) else len(doc.text)])
              for i, (m, keys) in enumerate(heads)]
    return scopes, doc.text[:heads[0][0].start()] if heads else doc.text


def component_license_differs(ctx: ClaimContext) -> list[Finding]:
    """A part the license file lists under a license of its own, told under another:
    "squeezenet 1.1 和 caffe.proto 等组件同样适用 BSD 3-Clause" where LICENSE.txt lists them
    under "Open Source Software Licensed Under the BSD 2-Clause License". A name counts when
    one heading's part holds it and the file's opening text does not."""
    claimed = {ls.key for ls in ctx.claim.licenses if ls.key and not ls.negated}
    if not claimed:
        return []
    said = " ".join(ls.text for ls in ctx.claim.licenses).casefold()
    names = {m.group(0).casefold() for m in _COMPONENT.finditer(ctx.claim.text) if len(m.group(0)) >= 4}
    names = {n for n in names if n not in said and not load_lexicon().licenses.find(n)}
    for doc in ctx.docs:
        scopes, opening = _scopes(doc)
        if not scopes:
            continue
        opening = opening.casefold()
        for name in sorted(names):
            if name in opening:
                continue
            pattern = re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w])")
            holders = {key for key, body in scopes if pattern.search(body.casefold())}
            if len(holders) == 1 and not holders & claimed:
                (given,) = holders
                told = ", ".join(sorted(claimed))
                return [ctx.finding("license", "warning", f"The license file lists {name} under {given}, not {told}.",
                                    [f for f in ctx.facts if f.url == doc.url and name in f.quote.casefold()][:1]
                                    or [Evidence.of_field(doc, "license")], "component-license-differs")]
    return []


CHECKS = [license_mismatch, license_said_alone, component_license_differs, license_terms_dropped]
