"""Release dates: a date the source contradicts; something called new or first
released in the window that the source shows earlier; a PR called merged that is open."""
from __future__ import annotations

import calendar
import datetime as dt
import re

from ..align import words
from ..extract.numerals import chinese_to_number
from ..extract.records import DateMention
from ..extract.versions import extract_versions, same_version_key
from ..lexicon import load_lexicon
from ..models import Evidence, Finding, SourceDocument
from ..regex_cache import compile_pattern
from .changelog import release_sections, version_days
from .conflation import FROM_BEFORE
from .context import KIND_WORDS, THREAD_REF, ClaimContext, thread_number
from .polarity import sentence_evidence, source_clauses
from .speakers import MIN_SAID, attributions, opening

_TAG = compile_pattern(r"/releases/tag/v?([0-9][0-9A-Za-z.+-]*)")
_PUBLISH_KINDS = {"release", "blog", "paper", "page", "model_card"}


def _doc_versions(doc: SourceDocument) -> set[str]:
    """The versions a document announces: its tag, or the version its title names
    (a release page, or a release blog post: "PyTorch 2.5 Release Blog")."""
    found = {same_version_key(m.group(1)) for m in _TAG.finditer(doc.url)}
    if doc.kind in ("release", "blog", "page") and doc.title:
        found |= {same_version_key(v.version) for v in extract_versions(doc.title)}
    return found


def _day_dates(ctx: ClaimContext) -> list[DateMention]:
    return [d for d in ctx.claim.dates if d.date and d.precision == "day" and d.relative in (None, "this_month", "today")]


# a word of another event between the release word and the date, or glued after a Chinese date ("10 月结束的预训练")
_OTHER_EVENT = compile_pattern(r"\b(?:concluded|ended|finished|completed|began|begun|started|trained|froze|frozen|cut off)\b|"
                               r"\s*(?:结束|完成|开始|截止|训练)", re.IGNORECASE)
_GLUED_EVENT = compile_pattern(r"\s*(?:已经|已|被|正式)?\s*")
# "合入日期是否早于 8 月 10 日", "merged before August 10": a bound the event is compared with, not its day
_COMPARED = compile_pattern(r"(?:早于|晚于|先于|迟于|不早于|不晚于|(?i:\b(?:before|after|earlier than|later than|prior to|no later than|until)))\s*$")


def _event_dates(ctx: ClaimContext, months: bool = False) -> list[tuple[DateMention, str]]:
    """Day dates (and with ``months``, a year's month: "2025 年 1 月") the claim ties to a release,
    publication, merge or opening: in the same clause as the event word, or anywhere in a table row
    (its cells are clauses)."""
    out = []
    events = ctx.claim.of("event", affirmed=True)
    row = ctx.sentence.block == "table_row"
    # (a month without its year only beside its own event word: in a table row, "功能变更来自 9 月的 0.0.28" may
    # date another version than the row's)
    dates = _day_dates(ctx) + ([d for d in ctx.claim.dates if d.date and d.precision == "month" and d.relative is None
                                and (not row or _YEAR.search(d.raw))] if months else [])
    for d in dates:
        if _COMPARED.search(ctx.claim.text, max(0, d.start - 16), d.start):
            continue
        clause = next((i for i, c in enumerate(ctx.claim.clauses) if c.start <= d.start < c.end), 0)
        near = [e for e in events if row or e.clause == clause]
        near = [e for e in near if e.key != "first"] or near
        if _OTHER_EVENT.search(ctx.claim.text, max([e.end for e in near if e.end <= d.start], default=d.start), d.start) \
                or _OTHER_EVENT.match(ctx.claim.text, d.end):
            continue  # "the checkpoint released is from pre-training that concluded in October 2023": another event's day
        if near and _OPENING.match(ctx.claim.text, d.end):
            # "于 5 月 5 日提交、7 月 2 日合入": the day glued to its opening word is the opening's
            out.append((d, "created"))
        elif near:
            # "opened July 26 and merged August 3": each date takes the event word nearest
            # before it (or, failing that, the nearest after it)
            # — except a word right after the date, as Chinese puts it ("8 月 11 日开出、8 月 18 日合入")
            before = [e for e in near if e.end <= d.start]
            glued = [e for e in near if e.start >= d.end and _GLUED_EVENT.fullmatch(ctx.claim.text[d.end:e.start])]
            pick = (min(glued, key=lambda e: e.start) if glued else
                    max(before, key=lambda e: e.end) if before else min(near, key=lambda e: e.start))
            out.append((d, pick.key))
        elif row and ctx.claim.versions:
            out.append((d, "released"))
    return out


def _text_gives(ctx: ClaimContext, doc: SourceDocument, mention: DateMention) -> bool:
    """Whether the document's own text gives the claim's date ("Since our experimental launch in September 2025" in a
    post published in January 2026): the sentence dates something the page dates, not the page. (Only a page's
    publication: a PR's text lists its commits' days, none of which is its merge.)"""
    month = mention.precision == "month"
    return any(_gives({(d.date, d.precision) for d in f.statement.dates if d.date and d.relative is None}, mention, month)
               for f in ctx.facts_of(doc) if f.where == "text" and _RELEASE_WORD.search(f.statement.text))


# a passage that dates a release of its own ("Since our experimental launch in September 2025"), not another event
# ("the pre-training phase, which concluded in October 2023")
_RELEASE_WORD = compile_pattern(r"\b(?:releas\w*|launch\w*|publish\w*|announc\w*|open[- ]sourc\w*|ship(?:s|ped)?)\b"
                                r"|发布|推出|上线|开源|发版", re.IGNORECASE)


def _fmt(day: dt.date) -> str:
    return day.isoformat()


_FIELD_OF_EVENT = {"merged": "merged", "created": "created", "closed": "closed", "committed": "created"}
_COMMIT_PAGE = compile_pattern(r"/commit/[0-9a-f]{7,40}\b")


# two accounts of a date set side by side: "README 记在 6 月 6 日，文章则标注 6 月 5 日，两处相差一天"
_TWO_ACCOUNTS = compile_pattern(r"相差|不一致|有出入|分别|则|\b(?:differs?|disagree|discrepanc\w*|mismatch\w*|inconsisten\w*"
                                r"|whereas|while)\b", re.IGNORECASE)


def date_contradicted(ctx: ClaimContext) -> list[Finding]:
    out = []
    claimed_versions = {same_version_key(v.version) for v in ctx.claim.versions}
    # a sentence that gives two accounts of the day, the source's among them, reports the gap itself
    accounts = {d.date for d in ctx.claim.dates if d.date and d.precision == "day"} if _TWO_ACCOUNTS.search(
        ctx.claim.text) else set()
    named = ctx.referenced()
    subject = {d.url: score for score, d in ctx.subject_docs()}
    for mention, event in _event_dates(ctx, months=True):
        field = _FIELD_OF_EVENT.get(event, "published")
        month = mention.precision == "month"  # "opened in October 2024": only the month is told
        candidates = []
        for doc in named or ctx.docs:
            dates = doc.dates.as_dates()
            if field not in dates or (event == "committed" and not _COMMIT_PAGE.search(doc.url)):
                continue  # a commit's day is a commit page's; a PR's commits may be older than the PR
            if field == "published" and doc.kind not in _PUBLISH_KINDS:
                continue
            versions = _doc_versions(doc)
            entries = version_days(doc)
            if field == "published" and len(entries) > 1:
                # a changelog of several dated entries: a version's day is its own entry's, and the page's
                # date (its newest entry's) speaks of no other version
                told = [entry for key, entry in entries.items() if key in claimed_versions]
                if len(told) == 1:
                    candidates.append((True, subject.get(doc.url, 0.0), doc, told[0].day, told[0]))
                continue
            if claimed_versions and versions and not claimed_versions & versions:
                continue
            candidates.append((bool(claimed_versions & versions) or doc in named,
                               subject.get(doc.url, 0.0), doc, dates[field], None))
        if not candidates:
            continue
        ranked = sorted((c[1] for c in candidates), reverse=True)
        # several commit pages: the one the sentence's words (its title's, its figures') single out
        singled = len(ranked) == 1 or (event == "committed" and ranked[0] >= 2 and ranked[0] > ranked[1])
        if not any(c[0] for c in candidates) and len(candidates) > 1 and not singled:
            continue  # several dated sources and nothing says which one the date is about
        _, _, doc, actual, entry = max(candidates, key=lambda c: (c[0], c[1]))
        # a month told against a day: only beyond a few days of the month's ends ("[2026/05] 我们发布了 v0.18.0" where
        # the release is dated April 30 UTC: time zones and news lines written a day later)
        if not (_near_month(actual, _in_year_of(mention, actual)) if month else mention.date == actual) \
                and actual not in accounts and not _line_gives(ctx, mention) \
                and not (field == "published" and _text_gives(ctx, doc, mention)):
            what = "was committed" if event == "committed" else {"merged": "was merged", "created": "was opened"}.get(
                field, "was published")
            told = _in_year_of(mention, actual).strftime("%Y-%m") if month else _fmt(mention.date)
            if entry is not None:
                out.append(ctx.finding(
                    "release-date", "error",
                    f"The cited changelog dates {entry.version} {_fmt(actual)}, not {told} (“{mention.raw}”).",
                    [Evidence(url=doc.url, quote=entry.line)], "date-contradicted",
                    suggestion=f"{actual.month}/{actual.day}"))
                continue
            out.append(ctx.finding(
                "release-date", "error",
                f"The source {what} on {_fmt(actual)}, not {told} (“{mention.raw}”).",
                [Evidence.of_field(doc, f"dates.{field}")], "date-contradicted",
                suggestion=f"{actual.month}/{actual.day}"))
    return out




_OPENING = compile_pattern(r"\s*(?:提交|开出|开启|创建|提出|发起|\b(?:opened|submitted|filed|created|dated)\b)", re.IGNORECASE)

def opened_date_told_as_merged(ctx: ClaimContext) -> list[Finding]:
    """"2 月 22 日合并的 #27", "#848 and #849 were merged on May 28, the day they were opened", where
    the named PR's source gives May 28 as the day it was opened and no merge date: the opening date
    told as the merge. Only for threads the sentence names, each of whose sources lacks a merge date."""
    named = [d for d in ctx.referenced() if d.kind == "pull_request"]
    if not named:
        return []
    text = ctx.claim.text
    merges = [e for e in ctx.claim.of("event", affirmed=True) if e.key == "merged"]
    for mention, event in _event_dates(ctx):
        if event != "merged" or not merges:
            continue
        # "11 月 7 日提交、已合入的 #507", "merged and dated December 2": the day is the opening's, said
        # between the day and the merge word or right after the day
        merge = min(merges, key=lambda e: abs(e.start - mention.start))
        lo, hi = min(mention.start, merge.start), max(mention.end, merge.end)
        if _OPENING.search(text, lo, hi) or _OPENING.match(text, mention.end, mention.end + 4):
            continue
        dates = [d.dates.as_dates() for d in named]
        if any("merged" in x for x in dates):
            continue  # date_contradicted's
        doc = named[0]
        if all(x.get("created") == mention.date for x in dates):
            return [ctx.finding(
                "release-date", "warning",
                f"The cited source gives {_fmt(mention.date)} as the day it was opened, and no merge date; the claim "
                "says it was merged then.", [Evidence.of_field(doc, "dates.created")], "opened-date-as-merged")]
        # "据 PR 描述，#3394 已于 6 月 2 日合入": a merge day the thread carries nowhere (no date field,
        # no comment of that day), for a PR the source shows merged
        seen = {day for d in named for day in [*d.dates.as_dates().values(), *(c.day() for c in d.comments)]}
        if len(named) == 1 and (doc.state or "").lower() == "merged" and mention.date not in seen:
            return [ctx.finding(
                "unsupported", "warning",
                f"The cited source shows the PR merged but gives no merge date; {_fmt(mention.date)} is not among "
                "its dates.", [Evidence.of_field(doc, "state")], "merge-date-unsupported")]
    return []

_TEXT_EVENTS = {"released", "published", "open_sourced"}
_PART_BREAK = compile_pattern(r"[，,；;]\s*(?!\d{4})")  # not the comma of "September 15, 2025"


_NAMED = compile_pattern(r"[\d\-.]")  # a word that names a thing: "openr1-math-220k", "hunyuanimage-2.1", "fp8"


def _weight(shared: set[str]) -> int:
    """What shared words say about being the same thing: a product name ("qwen-image-edit",
    "hunyuanimage-2.1", "fp8") weighs as much as two plain words."""
    return sum(2 if _NAMED.search(w) else 1 for w in shared)


def _news_line(ctx: ClaimContext, fact) -> str:
    """The whole source line a dated news fact opens: "2024.07.26 🔥 Kolors发布了ControlNet和Inpainting Model! 请查看
    [ControlNet(Canny, Depth)](./controlnet/)" is one news item, though its "!" ends a sentence. Read once per
    section: every claim that calls something new asks for the same lines."""
    key = ("news_line", id(fact))
    if key not in ctx.section_memo:
        ctx.section_memo[key] = _read_news_line(ctx, fact)
    return ctx.section_memo[key]


def _read_news_line(ctx: ClaimContext, fact) -> str:
    head = fact.quote[:40]
    doc = next((d for d in ctx.docs if d.url == fact.url), None)
    line = next((line for line in doc.text.splitlines() if head in line), None) if doc else None
    if line is None:
        return fact.quote
    line = line[line.index(head):]
    # up to the next news item on the same line ("2025.08.18: … of Foo-Edit. 2025.09.22: Foo-Edit-2509 …")
    nexts = [i for f in ctx.facts if f is not fact and f.url == fact.url and _opens_with_date(f.statement)
             and (i := line.find(f.quote[:40], len(head))) > 0]
    return line[:min(nexts)] if nexts else line


def _opens_with_date(st) -> bool:
    """A news line opens with its date ("[2025/5] OpenRLHF 0.8.0 支持 …", "- Mar 7, 2025: Added …"):
    the line is the event."""
    # (only marks before the date: "- ", "[", "🔥", and any other symbol that is no word, such as "✅")
    # (a task list's box first: "- [X] [2025.01.06]🎯📢You can now use PostgreSQL for Storage")
    return any(not re.search(r"[\w\x00-\x7f]", _BOX.sub("", st.text[:d.start]).strip(" -*•[(（【🔥")) for d in st.dates)


_BOX = compile_pattern(r"^\s*(?:[-*]\s*)?\[[ xX]\]")


def _dated_lines(ctx: ClaimContext) -> list[tuple]:
    """The section's source passages that date an event (or open with their date, as a news line does):
    (fact, its days, its words with its versions and "event:<key>" for each event it tells). Read once per section."""
    if "dated_lines" not in ctx.section_memo:
        dated = []
        for fact in ctx.facts:
            st = fact.statement
            if not (st.of("event", affirmed=True) or _opens_with_date(st)):
                continue
            days = {(d.date, d.precision) for d in st.dates
                    if d.date and d.precision in ("day", "month") and d.relative is None}
            if days:
                versions = {same_version_key(v.version) for v in st.versions}
                # the line's events count as a shared word when the claim dates the same event
                events = {f"event:{e.key}" for e in st.of("event", affirmed=True)}
                # a news line is one item however many sentences it holds: "[2025.01.03] 🚀🔥 One Minute is All You
                # Need to Generate Video. Accelerated EchoMimicV2 are released."
                said = fact.quote
                if _opens_with_date(st):
                    said = _news_line(ctx, fact)
                    events |= {f"event:{h.key}" for h in load_lexicon().events.find(said)}
                dated.append((fact, days, words(said, parts=False) | versions | events))
        ctx.section_memo["dated_lines"] = dated
    return ctx.section_memo["dated_lines"]


def _stretch(ctx: ClaimContext, mention: DateMention) -> set[str]:
    """The words (and versions) of what a date of the sentence dates. "X released on D1, and Y on D2" / "X 7 月 19 日
    发布，Y 8 月 18 日开源": what the date dates stands between the dates beside it, within its own comma-separated
    part; a sentence of one date speaks of it whole."""
    text = ctx.claim.text
    bounds = sorted((d.start, d.end) for d in ctx.claim.dates)
    before = max((e for s, e in bounds if e <= mention.start), default=0)
    after = min((s for s, e in bounds if s >= mention.end), default=len(text))
    head = _PART_BREAK.split(text[before:mention.start])[-1]
    tail = _PART_BREAK.split(text[mention.end:after])[0]
    versions = {same_version_key(v.version) for v in ctx.claim.versions if before <= v.start < after}
    stretch = set(words(head + " " + tail, parts=False)) | versions
    if _RELATIVE.match(head) and not any(_NAMED.search(w) for w in stretch):
        # "… the 220k traces of OpenR1-Math-220k, which the project released in March": a relative clause
        # dates the name it follows
        antecedent = list(_NAME.finditer(text, before, mention.start - len(head)))
        stretch |= {antecedent[-1].group(0).lower()} if antecedent else set()
    if len(bounds) == 1 and _weight(stretch) < 3:
        stretch = set(words(text, parts=False)) | {same_version_key(v.version) for v in ctx.claim.versions}
    return stretch


def _line_gives(ctx: ClaimContext, mention: DateMention) -> bool:
    """Whether a news line of the cited sources that names what the sentence names gives the claim's day
    ("07/20/2026: We released BitNet-embedding-0.6B" for "两款模型于 7 月 20 日上线", beside a guide page published
    on the 16th): that line dates the sentence's thing, whatever another document's date field says."""
    if mention.precision != "day":
        return False
    stretch = _stretch(ctx, mention)
    # (a news line, which dates its one item: a commit log's line of several days dates none of them for the sentence)
    return any(mention.date in {d for d, p in days if p == "day"} and _weight(shared := stretch & w) >= 2
               and any(_NAMED.search(x) for x in shared) and _opens_with_date(fact.statement)
               for fact, days, w in _dated_lines(ctx))


def news_outside_window(ctx: ClaimContext) -> list[Finding]:
    """"本周的另一项更新是 PostgreSQL 存储支持上线" where the cited README's news line "[2025.01.06] You can now use
    PostgreSQL for Storage" dates it months before the window: a sentence that calls something this week's, and the
    one news line of its sources that speaks of it (by name, most words, no tie) dated outside the window."""
    if ctx.window is None or not ctx.facts or any(c.negated for c in ctx.claim.clauses):
        return []
    if not any(d.relative == "this_week" for d in ctx.claim.dates) or any(
            d.date and d.relative is None for d in ctx.claim.dates):
        return []  # a sentence that also dates something itself is date_contradicted's
    news = [x for x in _dated_lines(ctx) if _opens_with_date(x[0].statement)]
    if not news:
        return []
    stretch = words(ctx.claim.text, parts=False) | {same_version_key(v.version) for v in ctx.claim.versions}
    stretch |= {f"event:{e.key}" for e in ctx.claim.of("event", affirmed=True)}
    scored = sorted(((_weight(stretch & w), fact, days) for fact, days, w in news), key=lambda x: -x[0])
    best = scored[0]
    shared = stretch & words(best[1].quote, parts=False)
    if best[0] < 3 or not any(_NAMED.search(w) or w.isascii() and w[:1].isupper() for w in _names(ctx, shared)):
        return []
    # (a line dated by its month only is in the window when its month is one the window touches)
    if len(scored) > 1 and scored[1][0] == best[0] or any(
            ctx.window.contains(d) if p == "day" else _near_month(ctx.window.start, d) or _near_month(ctx.window.end, d)
            for d, p in best[2]):
        return []
    actual = min(d for d, _ in best[2])
    return [ctx.finding(
        "release-date", "warning",
        f"The source's news line dates this {_fmt(actual)}, outside this issue's window "
        f"({_fmt(ctx.window.start)}..{_fmt(ctx.window.end)}).", [Evidence(url=best[1].url, quote=_news_line(ctx, best[1]))],
        "news-outside-window")]


def _names(ctx: ClaimContext, shared: set[str]) -> list[str]:
    """The shared words as the claim spells them (a name keeps its capitals: "PostgreSQL", "MIRACL")."""
    return [m.group(0) for m in re.finditer(r"[\w.+-]+", ctx.claim.text) if m.group(0).casefold() in shared]


def date_contradicted_in_text(ctx: ClaimContext) -> list[Finding]:
    """A day the claim gives a release of something that a dated line of the cited source
    gives as another day: "the FP8 models on October 4" where the model card's news says
    "September 12, 2025: We released the FP8 quantized models". The stretch of the sentence
    around the date (up to the dates beside it) says what was released; the source line that
    shares most of it, by name, is the one that dates it. Not when another line that speaks
    of it gives the claim's day."""
    pairs = [(d, e) for d, e in _event_dates(ctx, months=True) if e in _TEXT_EVENTS]
    if not pairs or not ctx.facts:
        return []
    dated = _dated_lines(ctx)
    if not dated:
        return []
    out = []
    for mention, event in pairs:
        stretch = _stretch(ctx, mention) | {f"event:{event}"}
        versions = {same_version_key(v.version) for v in ctx.claim.versions} & stretch
        # (on a tie, a line that shares a name with it before one that shares plain words, and a line that gives the
        # day before one that gives only the month)
        shares_name = {id(fact): any(_NAMED.search(x) for x in stretch & w) for fact, _, w in dated}
        scored = sorted(((_weight(stretch & w), fact, days) for fact, days, w in dated),
                        key=lambda x: (-x[0], not shares_name[id(x[1])], not any(p == "day" for _, p in x[2])))
        best = scored[0]
        named = [x for x in scored if x[0] >= 2 and any(_NAMED.search(w) for w in stretch & words(x[1].quote, parts=False) | versions)]
        month = mention.precision == "month"
        if best[0] < 3 or best not in named or _gives(best[2], mention, month):
            continue
        # a line that gives only the month ("Compared with X released in August") holds no day of it: against a
        # line that gives the day, only lines that give days count
        if not month and any(p == "day" for _, p in best[2]):
            scored = [(w, f, {(d, p) for d, p in days if p == "day"}) for w, f, days in scored
                      if any(p == "day" for _, p in days)]
            named = [x for x in scored if any(x[1] is y[1] for y in named)]
        # (a line that shares only plain words ties by chance with one that shares the name: "the project, which …")
        tied = [days for w, f, days in scored[1:] if w == best[0] and (shares_name[id(f)] or not shares_name[id(best[1])])]
        if any(_gives(days, mention, month) for _, _, days in named) or any(
                not any(abs((d - e).days) <= 3 for d, _ in days for e, _ in best[2]) for days in tied):
            continue  # another line that speaks of it gives the claim's day, or two lines tie on different days
            #           ("released on September 29" and "09/30 -- … is released" tie and agree)
        actual, precision = min(best[2])
        given = _fmt(actual) if precision == "day" else f"{actual.year}-{actual.month:02d}"
        told, written = _fmt(mention.date) if not month else _in_year_of(mention, actual).strftime("%Y-%m"), mention.raw
        out.append(ctx.finding(
            "release-date", "warning",
            f"A dated line of the source gives {given}, not {told} (“{written}”).",
            [best[1]], "date-contradicted"))
    return out


_RELATIVE = compile_pattern(r"\s*(?:which|that|who)\b", re.IGNORECASE)
_NAME = compile_pattern(r"[A-Za-z][\w.+]*[\d\-][\w.+\-]*[A-Za-z0-9]")


def _gives(days: set[tuple[dt.date, str]], mention: DateMention, month: bool = False) -> bool:
    """Whether a line's dates hold the claim's day: the day itself, or the month it falls in (any day of it,
    when the claim gives only the ``month``; of any year, when it gives no year)."""
    return any(d == mention.date if p == "day" and not month else
               (d.year, d.month) == (_in_year_of(mention, d).year, mention.date.month) for d, p in days)


def _in_year_of(mention: DateMention, day: dt.date) -> dt.date:
    """The claim's month, in the year of the source's ``day`` when the claim gives no year ("released in March"
    speaks of the month alone: a source's March of another year does not contradict it)."""
    if mention.precision == "month" and not _YEAR.search(mention.raw):
        return mention.date.replace(year=day.year)
    return mention.date


_YEAR = compile_pattern(r"\d{4}")


def _earliest(doc: SourceDocument, created: bool = False) -> tuple[dt.date, str] | None:
    """When the thing a document describes first existed in public, as its dates show."""
    dates = doc.dates.as_dates()
    keys = {"pull_request": ["merged"], "release": ["published"], "repository": ["first_release", "created"],
            "issue": []}.get(doc.kind, ["published", "first_release"])
    if created:
        keys = ["created", *keys]
    known = [(dates[k], k) for k in keys if k in dates]
    return min(known) if known else None


def _in_window(ctx: ClaimContext) -> bool:
    return any(d.relative == "this_week" for d in ctx.claim.dates) or any(
        d.date and ctx.window and ctx.window.contains(d.date) for d in _day_dates(ctx))


_EVENT_FIELD = {"merged": ["merged"], "released": ["published", "first_release"], "published": ["published"],
                "open_sourced": ["first_release", "published", "created"], "created": ["created"], "closed": ["closed"]}
# a comment that closes its thread: "Closing stale issue", "Closed via #120", "关闭此 issue"
_CLOSING = compile_pattern(r"^\W*(?:clos(?:ing|ed)\b|关闭)", re.IGNORECASE)


def _event_days(doc: SourceDocument) -> dict:
    """The document's dated events, and for a closed thread with no closing date, the day of the
    last comment that closes it."""
    dates = dict(doc.dates.as_dates())
    if "closed" not in dates and (doc.state or "").lower() in ("closed", "merged"):
        days = [day for c in doc.comments if c.text and _CLOSING.search(c.text) and (day := c.day()) is not None]
        if days:
            dates["closed"] = max(days)
    return dates


def event_outside_window(ctx: ClaimContext) -> list[Finding]:
    """"merged this week" / "本周发布" where the source dates that event outside the window."""
    if ctx.window is None or not ctx.docs:
        return []
    events = [e for e in ctx.claim.of("event", affirmed=True) if e.key in _EVENT_FIELD]
    # "merged this month": the month of the window's end (a weekly issue's month)
    weeks = [d for d in ctx.claim.dates if d.relative == "this_week" or (d.relative == "this_month" and d.precision == "month")]
    pairs = [(e, d) for e in events for d in weeks
             if next((i for i, c in enumerate(ctx.claim.clauses) if c.start <= d.start < c.end), -1) == e.clause]
    if not pairs:
        return []
    event = pairs[0][0]
    found = _entry_outside_window(ctx, event)
    if found:
        return found
    if event.key in ("released", "open_sourced", "published"):
        for _, doc in ctx.subject_docs():
            found = _announcement(ctx, doc, "event-outside-window")
            if found:
                return found
    # "vLLM 0.30 和 SGLang 0.5.20 都在本周发布": each named version is checked against its
    # own release; without versions, the document the sentence speaks of most
    targets = _version_docs(ctx, event.clause) or _named_by_kind(ctx)
    if not targets:
        # the document the sentence speaks of most; where that one gives no day for the event (a model card), the
        # next that does (the post announcing the model)
        subjects = [doc for score, doc in ctx.subject_docs() if score >= 2]
        targets = next(([doc] for doc in subjects
                        if any(f in _event_days(doc) for f in _EVENT_FIELD[event.key])), subjects[:1])
    monthly = all(d.relative == "this_month" for _, d in pairs)
    for doc in targets:
        dates = _event_days(doc)
        field = next((f for f in _EVENT_FIELD[event.key] if f in dates), None)
        if field is None or ctx.window.contains(dates[field]):
            continue
        if monthly and any((dates[field].year, dates[field].month) == (day.year, day.month)
                           for day in (ctx.window.start, ctx.window.end)):
            continue
        if any(d.date and d.relative is None and (d.date == dates[field] if d.precision == "day" else
                                                  d.precision == "month" and _near_month(dates[field], _in_year_of(d, dates[field])))
               for d in ctx.claim.dates):
            continue  # "本周介绍了 2 月发布的 X": the sentence gives the old day itself
        given = field in doc.dates.as_dates()  # or read off a closing comment: a warning
        return [ctx.finding(
            "release-date", "error" if given else "warning",
            f"The source dates this ({field.replace('_', ' ')}) {_fmt(dates[field])}, outside this issue's window "
            f"({_fmt(ctx.window.start)}..{_fmt(ctx.window.end)}).",
            [Evidence.of_field(doc, f"dates.{field}") if given else Evidence.of_field(doc, "comments")], "event-outside-window")]
    return []


def _entry_outside_window(ctx: ClaimContext, event) -> list[Finding]:
    """"本周发布的 3.3" where the cited changelog's entry for 3.3 gives 2026/06/11, before the window: a version
    the event's clause names, dated by its own entry of a changelog of several."""
    if event.key not in ("released", "published"):
        return []
    clause = ctx.claim.clauses[event.clause]
    named = {same_version_key(v.version) for v in ctx.claim.versions}
    # the versions of the event's clause; or the one version of the sentence ("Engine 2.3, released this week, …")
    wanted = {same_version_key(v.version) for v in ctx.claim.versions if clause.start <= v.start < clause.end} or (
        named if len(named) == 1 else set())
    for doc in ctx.docs if wanted else []:
        entries = version_days(doc)
        for key in sorted(wanted & entries.keys()) if len(entries) > 1 else []:
            entry = entries[key]
            if not ctx.window.contains(entry.day):
                return [ctx.finding(
                    "release-date", "error",
                    f"The cited changelog dates {entry.version} {_fmt(entry.day)}, outside this issue's window "
                    f"({_fmt(ctx.window.start)}..{_fmt(ctx.window.end)}).",
                    [Evidence(url=doc.url, quote=entry.line)], "event-outside-window")]
    return []


def _named_by_kind(ctx: ClaimContext) -> list[SourceDocument]:
    """The one cited document of the kind the sentence calls it by ("The paper itself was also published
    this week" where one cited source is a paper)."""
    for kind, pattern in KIND_WORDS.items():
        if pattern.search(ctx.claim.text):
            docs = [d for d in ctx.docs if d.kind == kind]
            if len(docs) == 1:
                return docs
    return []

# the noun phrase a possessive "this week's" / "本周的" heads, up to the next coordination or clause end
_HEADED = compile_pattern(r"(?:['’]s|\s*的)[^,，;；。.、]*?(?=\s+and\b|\s+or\b|和|与|及|[,，;；。、]|\.(?:\s|$)|$)")


def named_thread_before_window(ctx: ClaimContext) -> list[Finding]:
    """"393.9 这组数字是本周才被 #113 撤下的" where every date #113 carries (opened, merged,
    closed, published, each comment) falls before the window: nothing the sentence names
    happened this week. Only for a thread the clause names by number, with dates known."""
    if ctx.window is None or not ctx.docs:
        return []
    weeks = [d for d in ctx.claim.dates if d.relative == "this_week"]
    if not weeks or any(c.negated for c in ctx.claim.clauses):
        return []
    for doc in ctx.referenced():
        clauses = _clauses_naming(ctx, doc)
        # "predate both the AWQ kernels of #198 and this week's Marlin work": a possessive "this week" dates only
        # the noun phrase it heads
        number = thread_number(doc)
        dating = [d for d in weeks if not ((np := _HEADED.match(ctx.claim.text, d.end)) and number is not None
                                           and not re.search(rf"#{number}(?!\d)", np.group(0)))]
        week_clauses = {i for i, c in enumerate(ctx.claim.clauses) for d in dating if c.start <= d.start < c.end}
        # "Also new this week, #9695 adds …": a short opening clause dates the one after it
        week_clauses |= {i + 1 for i in week_clauses if i == 0 and _short(ctx.claim.clauses[i])
                         and ctx.claim.text[ctx.claim.clauses[i].end:ctx.claim.clauses[i].end + 1] in (",", "，")}
        if not week_clauses & clauses:
            continue
        fields = doc.dates.as_dates()
        days = list(fields.values()) + [day for c in doc.comments if (day := c.day()) is not None]
        if days and max(days) < ctx.window.start:
            field = max(fields, key=lambda f: fields[f], default=None)
            latest = _fmt(max(days))
            return [ctx.finding(
                "release-date", "warning",
                f"Every date the source carries is before this issue's window (the latest: {latest}); "
                "the sentence puts it in this week.", [Evidence.of_field(doc, f"dates.{field}")] if field else [],
                "named-thread-before-window")]
    return []


def _clauses_naming(ctx: ClaimContext, doc: SourceDocument) -> set[int]:
    """The claim's clauses that name a thread by its number ("#567")."""
    number = thread_number(doc)
    if number is None:
        return set()
    refs = [m.start() for m in re.finditer(rf"#{number}(?!\d)", ctx.claim.text)]
    return {i for i, c in enumerate(ctx.claim.clauses) for r in refs if c.start <= r < c.end}


def _short(clause) -> bool:
    """An opening clause of a few words ("Also new this week", "本周另外")."""
    return clause.end - clause.start <= 24


def _version_docs(ctx: ClaimContext, clause: int) -> list[SourceDocument]:
    """The cited releases of the versions the claim names in ``clause``."""
    c = ctx.claim.clauses[clause]
    wanted = {same_version_key(v.version) for v in ctx.claim.versions if c.start <= v.start < c.end}
    return [d for d in ctx.docs if wanted & _doc_versions(d)] if wanted else []


def new_but_earlier(ctx: ClaimContext) -> list[Finding]:
    """"first added this week" / "本周首次开源" where a cited source shows it merged,
    released, created or announced before the window."""
    if ctx.window is None or not ctx.docs:
        return []
    events = {e.key for e in ctx.claim.of("event", affirmed=True)}
    if not ({"first", "created"} & events) or not _in_window(ctx):
        return []
    if "first" in ctx.claim.keys("event", affirmed=False):
        return []  # "#2812, opened in March …, is not new this week": the sentence denies it is new itself
    opened = "created" in events
    named = ctx.referenced()
    # "12 月 4 日，ErvinXie 提交了 #1663 …，指向 #1598": the date the sentence gives is one named
    # document's own; that one is what the sentence calls new, not the one it points to
    days = {d.date for d in _day_dates(ctx) if d.date}
    months = {(d.date.year, d.date.month) for d in ctx.claim.dates if d.date and d.precision == "month"}
    dated = [d for d in named if days & set(d.dates.as_dates().values())]
    if dated:
        named = dated
    if any(ctx.window.contains(day) for day in days) and any(
            _opens_with_date(f.statement) and any(d.date in days and d.precision == "day" for d in f.statement.dates)
            for f in ctx.facts):
        return []  # "12 月 25 日新增的是 Gradio Demo 示例…": the news line of that day is what the sentence calls new
    best = None
    for score, doc in ctx.subject_docs():
        if named and doc not in named:
            continue  # "#18550, opened on September 20": the sentence says which source it speaks of
        # a dated line of the source that speaks of the same thing is evidence of its own
        found = _announcement(ctx, doc, "new-but-earlier")
        if found:
            return found
        if score < 2:
            continue
        if best is not None and score < best:
            break  # "本周的主角是 1 月 12 日首次提交的 Baichuan-M3-235B": the source the sentence speaks of most is new
            #        this week; one it speaks of less ("Baichuan-M2-32B") is another thing
        seen = _earliest(doc, created=opened)
        if seen and seen[0] >= ctx.window.start:
            best = score
        if seen and (seen[0] in days or (seen[0].year, seen[0].month) in months):
            continue  # "#3785 (opened July 2, merged July 12)", "M2 是去年 8 月的工作": the sentence gives the old date itself
        if seen and seen[0] < ctx.window.start:
            return [ctx.finding(
                "release-date", "error",
                f"The source shows this {seen[1].replace('_', ' ')} on {_fmt(seen[0])}, before this issue's window "
                f"({_fmt(ctx.window.start)}..{_fmt(ctx.window.end)}); it is not new this week.",
                [Evidence.of_field(doc, f"dates.{seen[1]}")], "new-but-earlier")]
        created = doc.dates.as_dates().get("created")
        if seen is None and created and (ctx.window.start - created).days > 30:
            return [ctx.finding(
                "release-date", "warning",
                f"The source was opened on {_fmt(created)}, long before this issue's window; no later merge or "
                "release date is known that would make it new this week.",
                [Evidence.of_field(doc, "dates.created")], "new-but-earlier")]
    return []


# a source that widens what was there: "extend GGUF support", "expands FP8 coverage", "进一步扩展 …"
_EXTENDS = compile_pattern(r"\b(?:extend(?:s|ed|ing)?|expand(?:s|ed|ing)?|broaden(?:s|ed)?|improv(?:es|ed|ing)"
                           r"|more|additional)\b|扩展|扩大|进一步|增强|改进", re.IGNORECASE)
_NAME_TOKEN = compile_pattern(r"(?<![\w.-])[A-Z][A-Za-z0-9.+-]*[A-Z0-9][A-Za-z0-9.+-]*(?![\w-])")


def first_but_extended(ctx: ClaimContext) -> list[Finding]:
    """"With this release, OpenVINO gains GGUF support for the first time" where the notes say
    "OpenVINO and OpenVINO GenAI extend GGUF support": a source clause that names the same thing
    (a name with a capital inside: GGUF, FP8, ROCm) says its support was widened, so it was there before."""
    firsts = [e for e in ctx.claim.of("event", affirmed=True) if e.key == "first"]
    if not firsts or not ctx.facts or _EXTENDS.search(ctx.claim.text):
        return []  # "本版扩展了 GGUF 支持，新增的 GGUF 前端 …": the sentence says itself what was there
    text = ctx.claim.text
    clauses = {e.clause for e in firsts}
    names = {m.group(0).casefold(): m.group(0) for m in _NAME_TOKEN.finditer(text)
             if any(c.start <= m.start() < c.end for i, c in enumerate(ctx.claim.clauses) if i in clauses)}
    if not names:
        return []
    for fact, sentence, clause in source_clauses(ctx):
        part = sentence[clause.start:clause.end]
        m = _EXTENDS.search(part)
        if m is None or clause.cues:
            continue
        named = sorted({n.group(0).casefold() for n in _NAME_TOKEN.finditer(part) if n.start() > m.start()} & set(names))
        if named:
            name = names[named[0]]
            return [ctx.finding(
                "release-date", "warning",
                f"The claim says {name} arrives for the first time; the cited source says its support is "
                "extended, so it was there before.",
                [sentence_evidence(fact, sentence)], "first-but-extended")]
    return []


def _announcement(ctx: ClaimContext, doc: SourceDocument, check: str) -> list[Finding]:
    announced = _announced_before(ctx, doc)
    if not announced:
        return []
    fact, day = announced
    return [ctx.finding(
        "release-date", "error",
        f"The source dates this {day}, before this issue's window "
        f"({_fmt(ctx.window.start)}..{_fmt(ctx.window.end)}); it is not new this week.", [fact], check)]


def _near_month(day: dt.date, month: dt.date, slack: int = 3) -> bool:
    """Whether a day falls in the month of ``month`` or within ``slack`` days of its ends."""
    return month - dt.timedelta(days=slack) <= day <= _month_end(month) + dt.timedelta(days=slack)


def _month_end(day: dt.date) -> dt.date:
    """The last day of the day's month."""
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def _announced_before(ctx: ClaimContext, doc: SourceDocument):
    """A dated line of the source ("2025.08.18: … open-sourcing of X") that speaks
    of what the claim calls new, with a date before the window. Not when the claim
    gives that date itself ("X 于 8 月 18 日开源，本周发布的 X-2509 …"): it tells the
    old release from the new one."""
    claim_days = {d.date for d in ctx.claim.dates if d.date}
    # a claim that gives its own day is ``date_contradicted_in_text``'s to hold against a month's news line
    own_days = any(d.precision == "day" and d.relative is None for d in ctx.claim.dates)
    claim_words = words(ctx.claim.text, parts=False)
    lines = []  # (weight, gives the claim's own day, fact, day)
    for fact in ctx.facts:  # every cited document's lines: the closest may stand in another one
        st = fact.statement
        if not (st.of("event", affirmed=True) or _opens_with_date(st)):
            continue
        days = [(d.date, _fmt(d.date)) for d in fact.statement.dates if d.date and d.precision == "day" and d.relative is None]
        if not days and _opens_with_date(st) and not own_days:
            # "- 2026/06: SenseVoice 支持 llama.cpp / GGUF": a news line dated to the month, by its last day
            days = [(_month_end(d.date), d.date.strftime("%Y-%m")) for d in st.dates
                    if d.date and d.precision == "month" and d.relative is None]
        said = _news_line(ctx, fact) if _opens_with_date(st) else fact.quote
        weight = _weight(claim_words & words(said, parts=False))
        if days and weight >= 2:
            # on a tie, the line whose own first sentence speaks of it: "The code of SageAttention2++ is released"
            # over "The code of SageAttention3 is released … we still recommend SageAttention2"
            head = _weight(claim_words & words(fact.quote, parts=False))
            lines.append((weight, bool(claim_days & {day for day, _ in days}), head, fact, min(days)))
    if not lines:
        return None
    # the dated line that speaks of it most closely, in any cited document, is the one that dates it:
    # "5 月 1 日新增了 Qwen3 Tool-call Demo" is the May 1 news line's, not the March line's "QwQ-32B
    # Tool-call Demo"
    weight, own_day, _, fact, (day, shown) = max(lines, key=lambda x: (x[0], x[1], x[2]))
    if own_day or day >= ctx.window.start or fact.url != doc.url:
        return None
    return fact, shown


_THE_PR = compile_pattern(r"该 ?PR|这个 ?PR|此 ?PR|the PR|this PR|the pull request", re.IGNORECASE)


def _pending_besides(ctx: ClaimContext) -> bool:
    return load_lexicon().modality.says(ctx.claim.text, "pending")


# "在合并 develop 之后", "after merging main into it": a branch merged into the PR, not the PR merged
# ("合入 develop", "merged into main" are the PR's own merge)
_BRANCH_MERGED = compile_pattern(r"\s*(?:了\s*)?(?:the\s+)?(?:latest\s+)?(?:(?:develop|main|master|upstream|trunk)\b|主干|最新代码)"
                                 # or into someone's fork: "已把它合并到自己的 fork", "merged it into his own fork"
                                 r"|\s*(?:了\s*)?(?:\w+\s+)?(?:到|进|into|to)\s*(?:自己的|他的|她的|其|(?:his|her|their|my|our)\s+"
                                 r"(?:own\s+)?|a\s+)\s*fork\b",
                                 re.IGNORECASE)


# "He added that initial INT4 support in ONNX Runtime had only recently been merged": what a
# speaker reports merged is another change of theirs, not the cited PR
_REPORTED = compile_pattern(r"\b(?:added|said|noted|explained|mentioned|replied|wrote|pointed out|confirmed)\s+that\b"
                            r"|(?:补充说|表示|指出|提到|回复说)", re.IGNORECASE)


# "pointing to the merged MPI+NCCL commit": "merged" before a noun describes that thing, not the cited PR
# ("the merged PR" is the PR's own)
_ATTRIBUTIVE = compile_pattern(r"\b(?:the|a|an|its|their|his|her|this|that)\s+$", re.IGNORECASE)
_OWN_NOUN = compile_pattern(r"\s+(?:PR|pull request|change|patch|#\d+)\b", re.IGNORECASE)


def _clause_start(ctx: ClaimContext, mention) -> int:
    """Where the clause of a mention begins: "…表示愿意合入…，#7767 当天随即合入" reports speech in
    one clause and a merge in the next."""
    c = ctx.claim.clauses[mention.clause] if mention.clause is not None and mention.clause < len(ctx.claim.clauses) else None
    return c.start if c else 0


# "两个 PR 目前都已合并", "both PRs were merged", "all three pull requests landed": the section's pull
# requests taken together, by their count
_PRS_TOGETHER = compile_pattern(
    r"(?:这|那)?(?P<zh>[两二三四五六七八九]|所有|全部)\s*(?:个|项)?\s*(?:PR|拉取请求)"
    r"|\b(?:(?:the|these|those)\s+)?(?P<en>both|two|three|four|all(?:\s+(?:the\s+)?(?:two|three|four))?)\s+"
    r"(?:(?:of\s+the\s+)?(?:cited\s+)?)(?:PRs|pull requests)\b", re.IGNORECASE)
_TOGETHER_COUNT = {"both": 2, "two": 2, "three": 3, "four": 4}


def _prs_together(text: str, prs: list[SourceDocument]) -> list[SourceDocument] | None:
    """The section's pull requests when the sentence speaks of them together and its count is theirs."""
    m = _PRS_TOGETHER.search(text)
    if m is None or len(prs) < 2:
        return None
    word = (m.group("zh") or m.group("en")).casefold().split()[-1]
    count = {"所有": len(prs), "全部": len(prs), "all": len(prs)}.get(word) or _TOGETHER_COUNT.get(word) or (
        int(chinese_to_number(word) or 0))
    return prs if count == len(prs) else None


def _merged_together(ctx: ClaimContext, prs: list[SourceDocument]) -> list[Finding]:
    unmerged = [d for d in prs if (d.state or "").lower() in ("open", "closed") and not d.dates.as_dates().get("merged")]
    if not unmerged:
        return []
    return [ctx.finding("overstatement", "error",
                        f"The claim says they were all merged; {len(unmerged)} of the {len(prs)} cited pull requests "
                        "are not merged.", [Evidence.of_field(d, "state") for d in unmerged], "merged-but-open")]


# "…#1350 adds TTFM_MS to usage; hudson-ai approved it … and it was merged the same day": "it" before the merge
_IT = compile_pattern(r"\b(?:it|this one|that one)\b|它|该\s?PR|这个\s?PR", re.IGNORECASE)


def _named_just_before(ctx: ClaimContext, prs: list[SourceDocument], merges) -> SourceDocument | None:
    """The one cited pull request the sentence before names by number, when this one says "it" was merged."""
    if not ctx.earlier or not any(_IT.search(ctx.claim.text, _clause_start(ctx, e), e.start) for e in merges):
        return None
    numbers = {int(n) for n in THREAD_REF.findall(ctx.earlier[-1].text)}
    named = [d for d in prs if thread_number(d) in numbers]
    return named[0] if len(named) == 1 and len(numbers) == 1 else None


def merged_but_open(ctx: ClaimContext) -> list[Finding]:
    merges = [e for e in ctx.claim.of("event", affirmed=True) if e.key == "merged"
              and not _REPORTED.search(ctx.claim.text, _clause_start(ctx, e), e.start)
              and not (_ATTRIBUTIVE.search(ctx.claim.text, max(0, e.start - 8), e.start)
                       and not _OWN_NOUN.match(ctx.claim.text, e.end))]
    if not merges or all(e.text != "合入" and _BRANCH_MERGED.match(ctx.claim.text, e.end) for e in merges):
        return []
    prs = [d for d in ctx.docs if d.kind == "pull_request"]
    if not prs:
        return _merged_on_open_issue(ctx)
    named = [d for d in ctx.referenced() if d.kind == "pull_request"]
    if ctx.names_others() or _pending_besides(ctx):
        # "评审与合入拆分到 #24404、#24406" / "FA 内核已合入，GEMM 仍在评审": the merge may be another
        # PR's, or the sentence itself tells merged parts from open ones
        return []
    if len(named) > 1:
        # "#3426 关闭，#3484 合入": the merge is the PR's that its own clause names
        merged_clauses = {e.clause for e in ctx.claim.of("event", affirmed=True) if e.key == "merged"}
        own = [d for d in named if any(
            ctx.claim.clauses[i].start <= m.start() < ctx.claim.clauses[i].end for i in merged_clauses
            if i is not None and i < len(ctx.claim.clauses)
            for m in re.finditer(rf"#{thread_number(d)}\b", ctx.claim.text))]
        if len(own) != 1:
            return []
        doc = own[0]
    elif named:
        doc = named[0]
    elif (together := _prs_together(ctx.claim.text, prs)) is not None:
        return _merged_together(ctx, together)
    elif (before := _named_just_before(ctx, prs, merges)) is not None:
        doc = before
    elif len(prs) == 1 and _THE_PR.search(ctx.claim.text):  # "该 PR 已合入": the section cites one PR
        doc = prs[0]
    else:
        subject = {d.url: score for score, d in ctx.subject_docs()}
        score, doc = max(((subject[d.url], d) for d in prs), key=lambda s: s[0])
        if score < 2:
            return []
    state = (doc.state or "").lower()
    if state == "closed" and _merged_as_commit(ctx, doc):
        return []
    if state in ("open", "closed") and not doc.dates.as_dates().get("merged"):
        said = "still open" if state == "open" else "closed without being merged"
        # a merge told of an unmerged PR raises its status; "merged on August 25" / "this week's merges"
        # also puts a date on an event the source does not have
        evidence = [Evidence.of_field(doc, "state")]
        return [ctx.finding(category, "error", f"The claim says merged; the cited pull request is {said}.",
                            evidence, "merged-but-open")
                for category in (["overstatement", "release-date"] if ctx.claim.dates else ["overstatement"])]
    return []


_COMMIT = compile_pattern(r"(?<![\w/])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?![\w/])")


def _merged_as_commit(ctx: ClaimContext, doc: SourceDocument) -> bool:
    """A closed pull request whose thread says it went in as a commit: "It merged but the PR didn't close.
    4030faae…" (projects that land changes through their own tooling close the PR unmerged). A sentence of a
    comment that names a commit, not a question, tells a merge."""
    with_commit = {f"comment:{i}" for i, c in enumerate(doc.comments) if _COMMIT.search(c.text)}
    return any(f.where in with_commit and "?" not in f.quote and "？" not in f.quote
               and any(m.key == "merged" and not m.negated for m in f.statement.of("event"))
               for f in ctx.facts_of(doc))


_HOPED = compile_pattern(r"希望|预计|有望|\b(?:hope[sd]?|expect(?:s|ed)?|next week)\b|下周", re.IGNORECASE)


def _merged_on_open_issue(ctx: ClaimContext) -> list[Finding]:
    """"FastFlowLM 已在同日合入对 MiniCPM5-2B 的支持" where the section cites only the open
    issue that asks for it: no cited source shows a merge, and the request stands open."""
    if ctx.names_others() or _pending_besides(ctx):
        return []
    issues = [d for d in ctx.docs if d.kind == "issue"]
    if len(issues) != 1 or (issues[0].state or "").lower() != "open":
        return []
    # a merge told as done ("已合入", "合入了", "was merged"), not one hoped for ("希望下周合入")
    text = ctx.claim.text
    done = [e for e in ctx.claim.of("event", affirmed=True) if e.key == "merged" and (
        e.text.isascii() or "已" in text[max(0, e.start - 8):e.start] or text[e.end:e.end + 1] == "了")]
    modality = load_lexicon().modality
    if not done or any(modality.says(text[c.start:c.end], k) for k in ("plan", "pending") for c in
                       (ctx.claim.clauses[e.clause] for e in done if e.clause is not None)) or _HOPED.search(text):
        return []
    return [ctx.finding("overstatement", "warning",
                        "The claim says merged; the section cites only an issue, which is still open, and no pull request.",
                        [Evidence.of_field(issues[0], "state")], "merged-but-open")]


_POINTER = compile_pattern(r"(?:该|这个|此|这一)\s*(?:issue|PR|问题|帖子|讨论)|\b(?:the|this|that) (?:issue|PR|pull request|thread)\b",
                           re.IGNORECASE)


def _pointed_thread(ctx: ClaimContext, lo: int, hi: int) -> list[SourceDocument]:
    """The one thread a section cites, where the sentence names no other and points at it: "the issue", "该 PR"
    anywhere, or "it" within text[lo:hi]."""
    threads = [d for d in ctx.docs if d.kind in ("issue", "pull_request")]
    if len(threads) != 1 or ctx.names_others():
        return []
    text = ctx.claim.text
    return threads if _POINTER.search(text) or _IT.search(text, lo, hi) else []


def closed_but_open(ctx: ClaimContext) -> list[Finding]:
    """A thread told as closed that its source shows open: "随着 #568 合入，#567 已被关闭" where
    #567 is still open. Only for the thread the event's own clause names by number."""
    for event in ctx.claim.of("event", affirmed=True):
        if event.key != "closed" or event.clause is None:
            continue
        docs = ctx.referenced()
        clause = ctx.claim.clauses[event.clause] if event.clause < len(ctx.claim.clauses) else None
        if not docs:
            # "The thread shows no roadmap, and it has since been closed" in a section that cites one thread
            # alone: the sentence points at it ("the thread", "it")
            docs = _pointed_thread(ctx, *((clause.start, clause.end) if clause is not None else (0, 0)))
        # "这个问题在首周内就已修复并关闭": the one thread the sentence before named, by pointing back; or the one
        # this sentence named in an earlier clause ("… #771“Add batched inference”，该 issue 随本次合并一并关闭")
        back = len(docs) == 1 and (not any(_clauses_naming(ctx, d) for d in docs) or (
            clause is not None and _POINTER.search(ctx.claim.text, clause.start, clause.end) is not None))
        for doc in docs:
            if (doc.state or "").lower() == "open" and (back or event.clause in _clauses_naming(ctx, doc)):
                return [ctx.finding("unsupported", "warning", "The claim says closed; the cited thread is still open.",
                                    [Evidence.of_field(doc, "state")], "closed-but-open")]
    return []


# a thread told as still open: "截至发稿，该 issue 仍处于 open 状态", "#96 is still open", "尚未关闭"
_STILL_OPEN = compile_pattern(r"仍(?:然)?(?:处于|是|为)?\s*(?:open|开放|打开)|仍(?:然)?未(?:被)?关闭|尚未(?:被)?关闭|还没(?:有)?(?:被)?关闭"
                              r"|\b(?:is|remains|stays|was) still open\b|\b(?:remains|stays) open\b|\b(?:has|have) not (?:yet )?been closed\b"
                              r"|\bhas(?:n't| not) (?:yet )?been closed\b|\bnot yet closed\b", re.IGNORECASE)


def open_but_closed(ctx: ClaimContext) -> list[Finding]:
    """A thread told as still open that its source shows closed or merged: "截至发稿，该 issue 仍处于 open 状态"
    where #157 is closed. Only for the one thread the sentence names, or points at when its section cites one."""
    m = _STILL_OPEN.search(ctx.claim.text)
    if m is None:
        return []
    # (a denial beside it other than its own "仍未": "仍处于开放讨论中的说法并不准确")
    if any(c.start <= m.start() < c.end and any(not m.start() <= s < m.end() for s, _ in c.cues) for c in ctx.claim.clauses):
        return []
    docs = [d for d in ctx.referenced() if d.kind in ("issue", "pull_request")] or _pointed_thread(
        ctx, 0, len(ctx.claim.text))
    if len(docs) != 1:
        return []  # several threads: which one is still open needs reading
    doc = docs[0]
    if (doc.state or "").lower() not in ("closed", "merged"):
        return []
    state = doc.state.lower()
    return [ctx.finding("unsupported", "warning", f"The claim says the thread is still open; the cited thread is {state}.",
                        [Evidence.of_field(doc, "state")], "open-but-closed")]


# "the fix will land in 0.7.0", "计划在 0.7 发布": a version still to come, not one in use
# ("targeting H100 tensor cores" aims at hardware, not at a version or a day: "targeted for 0.6.0" does)
_AHEAD = compile_pattern(r"\b(?:will|would|next|upcoming|planned|plan to|going to|milestone|roadmap|coming"
                         r"|target(?:ed|s|ing)?(?=\s+(?:for\b|at\b|release|version|v?\d|the\s+next)))\b"
                         r"|将|计划|下一|下个|预计|即将", re.IGNORECASE)


def _version_mentions(facts, want: str):
    """Each mention of a version (``same_version_key``) in the facts, with whether its clause speaks
    of it as still to come ("we plan to kick off the 0.6.0 release")."""
    for fact in facts:
        st = fact.statement
        for fv in st.versions:
            if same_version_key(fv.version) != want:
                continue
            clause = next((c for c in st.clauses if c.start <= fv.start < c.end), None)
            lo, hi = (clause.start, clause.end) if clause else (0, len(st.text))
            yield fact, _AHEAD.search(st.text[lo:hi]) is not None


def _bumped_to(ctx: ClaimContext) -> list:
    """The sentence's versions but the old side of a bump ("版本从 2.0.6 升到 2.0.7 用于发版", "from 2.0.6 to 2.0.7"):
    what was in use before is not what was released."""
    vs = ctx.claim.versions
    return [v for i, v in enumerate(vs) if not (i + 1 < len(vs) and FROM_BEFORE.search(ctx.claim.text, max(0, v.start - 8), v.start))]


def version_in_use_before_window(ctx: ClaimContext) -> list[Finding]:
    """"Jan 0.6.6 was released this week" where a cited thread opened before the window already
    reports against 0.6.6 ("**Version:** 0.6.6", filed 2025-08-15): the version was out then.
    Only where no cited release of that version dates it (``event_outside_window`` reads that),
    and not where the older thread speaks of the version as still to come."""
    if ctx.window is None or not ctx.docs or not ctx.claim.versions:
        return []
    events = [e for e in ctx.claim.of("event", affirmed=True) if e.key in ("released", "published")]
    weeks = [d for d in ctx.claim.dates if d.relative == "this_week"]
    if not events or not (weeks or _in_window(ctx)):
        return []
    for v in _bumped_to(ctx):
        want = same_version_key(v.version)
        if any(want in _doc_versions(d) for d in ctx.docs):
            continue
        for doc in ctx.docs:
            opened = doc.dates.as_dates().get("created")
            if opened is None or opened >= ctx.window.start or doc.kind not in ("issue", "pull_request"):
                continue
            for fact, ahead in _version_mentions([f for f in ctx.facts_of(doc) if f.where == "text"], want):
                if not ahead:
                    return [ctx.finding(
                        "release-date", "error",
                        f"A cited thread opened on {_fmt(opened)}, before this issue's window, already speaks of "
                        f"{v.raw} as a version in use; it was not released this week.",
                        [fact, Evidence.of_field(doc, "dates.created")], "version-in-use-before-window")]
    return []


def version_planned_called_released(ctx: ClaimContext) -> list[Finding]:
    """"The 0.6.0 release that fixed the problem shipped the same day" where the cited thread says "we
    plan to kick off the 0.6.0 release soon": every clause of the sources that names the version speaks
    of it as still to come, and no cited release is of that version."""
    if not ctx.docs or not ctx.claim.versions:
        return []
    text = ctx.claim.text
    # "was released with v0.4.0", or "ships as part of lerobot v0.4.0"
    events = [e for e in ctx.claim.of("event", affirmed=True) if e.key in ("released", "published")] + [
        m for m in ctx.claim.of("shipped", affirmed=True) if m.text.casefold() in ("ships", "shipped", "ship")]
    if not events or load_lexicon().modality.says(text, "plan") or _AHEAD.search(text):
        return []
    for v in _bumped_to(ctx):
        want = same_version_key(v.version)
        if any(want in _doc_versions(d) for d in ctx.docs):
            continue
        mentions = list(_version_mentions(ctx.facts, want))
        ahead = [fact for fact, to_come in mentions if to_come]
        if ahead and all(to_come for _, to_come in mentions):
            return [ctx.finding(
                "overstatement", "warning",
                f"The cited source speaks of {v.raw} as still to come; the claim says it was released.",
                ahead[:1], "planned-called-released")]
    return []


def thread_in_other_release(ctx: ClaimContext) -> list[Finding]:
    """"`/v1/embeddings` 端点由 #2281 加入，随 0.3.27 一起发布" where the changelog lists #2281 under [0.3.28]: a
    change put in a release whose section of the cited changelog does not list it, while another section does.
    Only for a sentence that names one version and the thread by number, against a changelog that has a section
    for that version."""
    if len(ctx.claim.versions) != 1:
        return []
    numbers = {int(n) for n in THREAD_REF.findall(ctx.claim.text)}
    if not numbers:
        return []
    told = ctx.claim.versions[0]
    want = same_version_key(told.version)
    for doc in ctx.docs:
        if doc.kind not in ("page", "release", "repository"):
            continue
        sections = release_sections(doc)
        if len(sections) < 2 or want not in {key for key, _, _ in sections}:
            continue
        for number in numbers:
            listed = {key for key, a, b in sections if re.search(rf"#{number}(?!\d)", doc.text[a:b])}
            if listed and want not in listed:
                other = sorted(listed)[0]
                return [ctx.finding("release-date", "error",
                                    f"The cited changelog lists #{number} under {other}, not {told.raw}.",
                                    [Evidence(url=doc.url, quote=next(
                                        line for key, a, b in sections if key == other
                                        for line in doc.text[a:b].splitlines() if re.search(rf"#{number}(?!\d)", line)))],
                                    "thread-in-other-release")]
    return []


def reply_outside_window(ctx: ClaimContext) -> list[Finding]:
    """"本周，Yimi81 在同一 issue 中宣布开源 …" where the comment of Yimi81's that carries those words is
    dated 5/20, before the window: what a participant of the cited thread is said to have said in this
    issue's window (``speakers.attributions``), where every comment of theirs that carries the words
    is dated outside it."""
    if ctx.window is None or not ctx.dated_in_window():
        return []
    for said in attributions(ctx):
        if len(said.content) < MIN_SAID:
            continue
        who = said.name.casefold()
        own = [(n, s) for n, s in said.scores() if s.who == who and n >= MIN_SAID]
        if not own:
            continue
        most = max(n for n, _ in own)
        carrying = [s for n, s in own if 2 * n >= most]
        if any(s.day is None or ctx.window.contains(s.day) for s in carrying):
            continue
        first = max((s for n, s in own if n == most), key=lambda s: s.day)
        return [ctx.finding("release-date", "warning",
                            f"The sentence puts this in this issue's window ({_fmt(ctx.window.start)}..{_fmt(ctx.window.end)}); "
                            f"the comment of {said.name}'s that carries these words is dated {_fmt(first.day)}.",
                            [Evidence(url=first.doc.url, quote=opening(first.written))], "reply-outside-window")]
    return []


_THIS_YEAR = compile_pattern(r"\b(?:of |earlier )?this year\b|今年|本年", re.IGNORECASE)
_POSTED = compile_pattern(r"\b(?:posted|commented|update|comment|reply)\b|留言|评论|发帖|更新|回复", re.IGNORECASE)


def comment_in_other_year(ctx: ClaimContext) -> list[Finding]:
    """"That update was posted on June 22 of this year" where the comment is dated 2025-06-22: the day of a
    comment of the cited threads, told in another year, where no cited source gives the claim's own date.
    Only in a sentence that speaks of what was written there (a word of saying, posting or replying)."""
    if not ctx.docs or not (_POSTED.search(ctx.claim.text) or any(
            h.key in ("speech", "act") for h in load_lexicon().reply_cue.find(ctx.claim.text))):
        return []
    known = {day for doc in ctx.docs for day in doc.dates.as_dates().values()}
    known |= {c.day() for doc in ctx.docs for c in doc.comments if c.day()}
    for mention in _day_dates(ctx):
        if mention.date in known or _COMPARED.search(ctx.claim.text, max(0, mention.start - 16), mention.start):
            continue
        if not (_YEAR.search(mention.raw) or _THIS_YEAR.search(ctx.claim.text, max(0, mention.start - 12),
                                                                 min(len(ctx.claim.text), mention.end + 16))):
            continue  # "维护者 10 月 8 日回复": a day without its year is the comment's, whatever year the window has
        other = [(doc, c) for doc in ctx.docs for c in doc.comments if (day := c.day()) is not None
                 and (day.month, day.day) == (mention.date.month, mention.date.day) and day.year != mention.date.year]
        if len(other) == 1:
            doc, comment = other[0]
            given, told = _fmt(comment.day()), _fmt(mention.date)
            return [ctx.finding("release-date", "warning",
                                f"The cited thread's comment of that day is dated {given}, not {told}.",
                                [Evidence(url=doc.url, quote=opening(comment.text))], "comment-in-other-year",
                                suggestion=given)]
    return []


CHECKS = [date_contradicted, opened_date_told_as_merged, first_but_extended, date_contradicted_in_text, new_but_earlier, event_outside_window, news_outside_window, named_thread_before_window,
          merged_but_open, closed_but_open, open_but_closed, version_in_use_before_window, version_planned_called_released,
          thread_in_other_release, reply_outside_window, comment_in_other_year]
