"""Who said what in a cited thread: each comment with its writer, and the sentence's own
attribution ("ParthSareen asked in review whether …", "Yimi81 在同一 issue 中宣布 …") read
as a participant of the thread and the words the sentence gives them. Matched by words,
not by quotes: what a writer paraphrases still shares the comment's words (cut to their
roots, and through the English a Chinese sentence's technical words gloss to).
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..lexicon import load_lexicon
from ..models import SourceDocument
from ..regex_cache import compile_pattern
from ..sources.urls import github_parts
from .context import ClaimContext
from .polarity import SOURCE_WORDS, stems

THREADS = ("pull_request", "issue")
QUOTED = compile_pattern(r"[“\"「『]([^”\"」』]{6,120})[”\"」』]")
LOGIN = compile_pattern(r"(?<![\w@/.-])@?([A-Za-z][A-Za-z0-9_-]{2,38})(?![\w-])")
_QUOTED_LINE = compile_pattern(r"^\s*>.*$", re.MULTILINE)
MIN_SAID = 3  # words of what the sentence reports that one comment must share, at least


@dataclass(frozen=True)
class Said:
    """One thing written in a thread: a comment, or a description."""
    login: str  # as written; "" where the document does not name its writer
    words: frozenset[str]  # its roots, without the lines it quotes from others
    written: str  # the text as written
    doc: SourceDocument
    day: dt.date | None

    @property
    def who(self) -> str | None:
        return self.login.casefold() or None


@dataclass(frozen=True)
class Attribution:
    """A participant the sentence names alone in a clause of saying, and the roots of what it gives them."""
    name: str  # as the sentence writes it
    at: int  # where the sentence names them
    content: frozenset[str]  # the roots of what it gives them (``MIN_SAID`` of them before words can be matched)
    said: list[Said]  # everything written in the threads the sentence speaks of
    text: str  # the stretch of the sentence that gives it

    def scores(self) -> list[tuple[int, Said]]:
        return [(len(self.content & s.words), s) for s in self.said]


# words of saying and modal verbs: how a thing is said, not what ("yl4579 wrote … the release would be delayed"
# shares "would" with any question that asks "Would it be possible …")
_HOW_SAID = frozenset({"would", "could", "should", "might", "must", "shall", "will", "wrote", "said", "says", "ask",
                       "repli"})
_URL = compile_pattern(r"https?://\S+")


def roots(text: str) -> frozenset[str]:
    """The text's words cut to five letters past their endings: "disabling" and "Disable" are one; a name
    with a digit stays whole ("Yi-1.5-34B-Chat-16k" is not "Yi-1.5-9B-Base-32k"). Words of saying are left out."""
    return frozenset(w[:5] if w.isalpha() else w for w in stems(text) if w not in _HOW_SAID)


def _utterances(doc: SourceDocument) -> list[Said]:
    """A thread's description, with its writer where the document names one, and each comment with its writer."""
    author = getattr(doc, "author", None)
    author = author.lstrip("@") if isinstance(author, str) and author else ""
    out = [Said(author, roots(doc.text or ""), doc.text or "", doc, doc.dates.as_dates().get("created"))]
    out += [Said(c.author.lstrip("@"), roots(_QUOTED_LINE.sub(" ", c.text)), c.text, doc, c.day())
            for c in doc.comments if c.author and c.text]
    return out


def _section_utterances(ctx: ClaimContext) -> dict[int, list[Said]]:
    """What was written in each thread the section cites (by ``id`` of the document), read once per section:
    every claim of the section that names a participant asks."""
    if "utterances" not in ctx.section_memo:
        ctx.section_memo["utterances"] = {id(d): _utterances(d) for d in ctx.docs if d.kind in THREADS}
    return ctx.section_memo["utterances"]


def attributions(ctx: ClaimContext) -> list[Attribution]:
    """The sentence's attributions to participants of the cited threads, computed once per claim: one for
    the whole sentence where it names one participant ("X 回复说，模型仓库当天就会公开"), else one per
    clause of saying that names one ("jmorganca authored the change, and it was ParthSareen who asked …").
    A participant is known by writing in any thread of the section ("In that thread, lllyasviel suggested
    …", where lllyasviel writes only in another issue the section cites)."""
    if "attributions" in ctx.claim_memo:
        return ctx.claim_memo["attributions"]
    ctx.claim_memo["attributions"] = out = []
    text = ctx.claim.text
    acts = [h for h in load_lexicon().reply_cue.find(text) if h.key in ("speech", "act")]
    if not acts:
        return out
    by_thread = _section_utterances(ctx)
    threads = [d for d in ctx.referenced() if d.kind in THREADS] or [d for d in ctx.docs if d.kind in THREADS]
    said = [s for d in threads for s in by_thread[id(d)]]
    known = {s.who for ss in by_thread.values() for s in ss if s.who}
    if not said or not known:
        return out
    quoted = [(m.start(), m.end()) for m in QUOTED.finditer(text)]
    # (not one the saying is addressed to: "He suggested AVtheking look at the pull request")
    named = [m for m in LOGIN.finditer(text) if m.group(1).casefold() in known
             and not any(a <= m.start() < b for a, b in quoted)
             and not any(h.end <= m.start() and text[h.end:m.start()].strip(" @") == "" for h in acts)]
    people = {m.group(1).casefold() for m in named}
    if len(people) == 1:
        spans = [(0, len(text), named[0])]
    else:
        spans = []
        for clause in ctx.claim.clauses:
            inside = [m for m in named if clause.start <= m.start() < clause.end]
            if len({m.group(1).casefold() for m in inside}) == 1 and any(clause.start <= h.start < clause.end for h in acts):
                spans.append((clause.start, clause.end, inside[0]))
    # the words that name the threads and their project ("issue #4", "VoiceBench") are the sentence's way of
    # pointing at the source, shared by everything written there, not what it reports
    repos = [d.repo or (parts[0] if (parts := github_parts(d.url)) else "") for d in threads]
    pointers = roots(" ".join(SOURCE_WORDS) + " pull request " + " ".join(r.replace("/", " ") for r in repos))
    for lo, hi, m in spans:
        # (the sentence's own links are where it points, not what it reports: "yl4579 wrote in [#20](…/yl4579/…)")
        told = _URL.sub(" ", text[lo:hi])
        content = roots(LOGIN.sub(lambda x: " " if x.group(1).casefold() in known else x.group(0), told)) - pointers
        out.append(Attribution(m.group(1), m.start(1) - lo, content, said, text[lo:hi]))
    return out


def opening(text: str, limit: int = 240) -> str:
    """The start of a text, cut at a space, as evidence."""
    text = text.strip()
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0]
