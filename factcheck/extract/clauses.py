"""Clauses and polarity: the unit within which a negation or a warning holds.

"528 bytes 是记录布局的计量，不是 890 bytes/token" asserts the first number and
denies the second; a check must see the two halves apart.
"""
from __future__ import annotations

import re

from pydantic import BaseModel

from ..lexicon import load_lexicon
from ..regex_cache import compile_pattern

# Clause boundaries: Chinese and ASCII commas/semicolons/colons, table cell bars,
# and English conjunctions that turn the sentence ("but", "while", "whereas").
# not the comma of a thousands group ("7,200 ms") nor the colon of a time or ratio ("16:9")
_BOUNDARY = compile_pattern(r"(?<!\d)[,:](?!\d)\s*|(?<=\d)[,:](?!\d)\s*|(?<!\d)[,:](?=\d)\s*|[，；;：|]\s*|\s+(?:but|while|whereas|although|though)\s+|(?:但是|但|而是|然而|不过)")


# One clause may join two predicates, each with its own polarity: "is ready for production
# use and needs no per-scale tuning", "are not in this repository and are not covered".
# (and "and now <verb>": a state that follows "no longer …" — "no longer requires the ai extension and now works with any
# Postgres database")
PREDICATE_JOIN = compile_pattern(r"\s+and\s+(?=(?:is|are|was|were|does|do|did|has|have|can|will|may|should|must|needs?|"
                                 r"requires?|runs?|supports?|uses?|keeps?|adds?|makes?)\b)"
                                 r"|\s+and\s+(?=now\s+(?:works?|ships?|supports?|runs?|uses?|accepts?|handles?|provides?|"
                                 r"includes?|is|are|can|has|have)\b)"
                                 r"|\s*(?:并且|而且|且|并)\s*", re.IGNORECASE)


_PAREN = compile_pattern(r"[()（）]")


class Clause(BaseModel):
    start: int
    end: int
    negated: bool = False
    cues: list[tuple[int, int]] = []  # where the negation cues stand
    joins: list[int] = []  # where a second predicate begins (``PREDICATE_JOIN``)
    # parentheticals, (open, close): a cue inside one holds only inside it ("(8 processes, no NVSHMEM) had … 209 GB/s")
    parens: list[tuple[int, int]] = []

    def negates(self, start: int, end: int) -> bool:
        """Whether a cue other than the words at [start, end) negates the clause:
        "没有下降" is itself a claim of no change, not a denial of one. A cue in a later
        predicate leaves the words before it alone ("ready for production and needs no tuning").
        A cue that takes the words in with a denial before them does negate them: "未合并" denies
        "合并"."""
        return any((not (cs < end and start < ce) or cs < start)
                   and not (cs >= end and any(end <= j <= cs for j in self.joins))
                   and not (ce <= start and any(o < cs and ce <= c < start for o, c in self.parens))
                   # nor the words before it: "在 A100 上（不开 fp8）复测" denies fp8, not the A100
                   and not (end <= cs and any(end <= o < cs and ce <= c for o, c in self.parens))
                   for cs, ce in self.cues)


def split_clauses(text: str) -> list[Clause]:
    lexicon = load_lexicon()
    clauses: list[Clause] = []
    pos = 0
    for m in _BOUNDARY.finditer(text):
        # a colon inside a number or time (12:30) or a URL is no boundary
        if m.group(0).startswith((":", "：")) and _inside_token(text, m.start()):
            continue
        if m.start() > pos:
            clauses.append(Clause(start=pos, end=m.start()))
        pos = m.end()
    if pos < len(text):
        clauses.append(Clause(start=pos, end=len(text)))
    for clause in clauses:
        clause.cues = [(clause.start + h.start, clause.start + h.end)
                       for h in lexicon.negation.find(text[clause.start : clause.end]) if h.key == "negation"]
        clause.negated = bool(clause.cues)
        clause.joins = [clause.start + m.start() for m in PREDICATE_JOIN.finditer(text[clause.start : clause.end])]
    # a parenthetical may span clause boundaries ("(8 processes, stock nightly, no NVSHMEM) had …"): its open
    # bracket is matched in the whole text, its close must fall in the clause
    parens, stack = [], []
    for m in _PAREN.finditer(text):
        if m.group(0) in "(（":
            stack.append(m.start())
        elif stack:
            parens.append((stack.pop(), m.start()))
    for clause in clauses:
        clause.parens = [(o, c) for o, c in parens if clause.start <= c < clause.end or clause.start <= o < clause.end]
    return clauses or [Clause(start=0, end=len(text))]


def _inside_token(text: str, i: int) -> bool:
    """An ASCII colon between ASCII letters or digits ("12:30", "sm_90:fp8") or before a slash
    (a URL); a full-width "：" always ends a clause, Chinese characters being no token."""
    if text[i] != ":":
        return False
    before = text[i - 1] if i > 0 else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    return before.isascii() and before.isalnum() and after.isascii() and after.isalnum() or after == "/"


def clause_at(clauses: list[Clause], offset: int) -> int:
    """Index of the clause holding ``offset`` (the last one that starts at or before it)."""
    found = 0
    for i, clause in enumerate(clauses):
        if clause.start <= offset:
            found = i
        else:
            break
    return found
