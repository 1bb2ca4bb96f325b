"""Reading a draft (docs/contracts.md §1): front matter, the reporting window, sections
closed by ``来源：``/``Sources:`` lines, the citations each section makes, and its
sentences with exact spans.

Markdown and plain text are read by one line scanner. In plain text (a draft with
no ``#`` headings) a short numbered line standing alone before prose is taken as a
section heading, a short unpunctuated line standing alone as a sub-heading, and a
paragraph of short unpunctuated lines as a space-separated table.

Spans are 1-based lines (front matter counted) and 1-based code-point columns,
end exclusive. Everything here is a few linear passes over the text.
"""
from __future__ import annotations

import bisect
import datetime as dt
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import yaml

from .errors import InputError
from .lexicon import TermMatcher, load_lexicon
from .models import Citation, Draft, FrontMatter, Section, Sentence, Span, Voice, Window
from .regex_cache import compile_pattern, pattern_cache
from .sources.urls import github_parts

__all__ = ["builtin_repos", "decode_draft", "load_draft", "parse_draft", "split_sentences", "window_in_text"]

BlockKind = Literal["paragraph", "heading", "list", "table_row", "quote", "cite"]


# --- public API --------------------------------------------------------------


def load_draft(path: Path, repos: dict[str, str] | None = None) -> Draft:
    """Read and parse the draft at ``path``; every unreadable input is an InputError."""
    where = str(path)
    if not path.exists():
        raise InputError("file not found", where)
    if path.is_dir():
        raise InputError("is a directory, not a draft file", where)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", where) from exc
    return parse_draft(decode_draft(data, where), where, repos)


def decode_draft(data: bytes, path: str = "<draft>") -> str:
    """UTF-8 text from the bytes of a draft (a BOM is dropped); binary or invalid
    UTF-8 is an InputError pointing at the line of the first bad byte."""
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputError("binary file (NUL byte), not a text draft", path, data.count(b"\n", 0, nul) + 1)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[line_start:exc.start].decode("utf-8", errors="replace")) + 1
        bad = data[exc.start:exc.start + 1].hex()
        raise InputError(f"not valid UTF-8: byte 0x{bad} at column {column}", path, line) from exc
    return text


def parse_draft(text: str, path: str = "<draft>", repos: dict[str, str] | None = None) -> Draft:
    """Parse a Markdown or plain-text draft.

    ``repos`` (project name -> owner/repo, usually from the configuration) is layered
    over the built-in table and under the front matter's ``repos``.
    """
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise InputError("draft is empty", path)
    lines = text.split("\n")
    front, first_body = _front_matter(lines, path)

    names: dict[str, str] = {**builtin_repos(), **(repos or {}), **front.repos}
    with pattern_cache("projects"):  # one large pattern: its compiled code is kept between runs
        projects = TermMatcher(_names_by_repo(names))
    ctx = _Context(
        projects=projects,
        defs=_link_definitions(lines, first_body),
        default_repo=_default_repo(front),
    )
    plain = not any(_ATX.match(line) for line in lines[first_body:])
    blocks = _scan(lines, first_body, plain)
    if plain:
        blocks = _plain_text_structure(blocks)
    blocks = _mark_citation_blocks(blocks)
    sections, sentences = _assemble(blocks, ctx)

    window = front.window or window_in_text("\n".join(lines[first_body:]))
    if window is None:
        titles = [front.title or ""] + [s.text for s in sentences if s.block == "heading"][:1]
        window = next((w for w in map(_range_in, titles) if w), None)
    return Draft(path=path, text=text, front_matter=front, window=window,
                 sections=sections, sentences=sentences, voice=_voice(front, window, sentences, sections, ctx))


def _voice(front: FrontMatter, window: Window | None, sentences: list[Sentence], sections: list[Section],
           ctx: _Context) -> Voice:
    """A draft with no reporting window that speaks in the first person ("we", "我们"),
    announces its own release or news in its title, or is titled after the project
    whose repository it cites ("FlashInfer v0.6.14", "vLLM Reaches 25K TPS") is the
    project speaking of itself. A digest has a window ("this week") and reports other
    people's work."""
    if window is not None:
        return Voice()
    voice = load_lexicon().draft_voice
    titles = [front.title or ""] + [s.text for s in sentences if s.block == "heading"][:1]
    if any(voice.says(t, "digest") for t in titles):
        return Voice()
    if any(voice.says(t, "own_news") for t in titles):
        return Voice(first_party=True, why="title")
    cited = {parts[0].lower() for sec in sections for c in sec.citations if (parts := github_parts(c.url))}
    if any(hit.key.lower() in cited for t in titles if t for hit in ctx.projects.find(t)):
        return Voice(first_party=True, why="title names the cited project")
    persons = sum(1 for s in sentences if s.block != "heading" and voice.says(s.text, "person"))
    if persons >= 1:
        return Voice(first_party=True, why="first person")
    return Voice()


# a release line's credits after its full stop ("… for dense and THD inputs. (#3351)", "(#3153) (#3189)"):
# they belong to the sentence they follow
_TRAILING_REFS = compile_pattern(r"(?:[ \t]*\((?:#\d+|[0-9a-f]{7,40})(?:\s*,\s*#\d+)*\))+(?=[ \t]*(?:\n|$))")


# 'approved it with "lgtm!" on August 13': a quoted exclamation or question the sentence goes on after
_QUOTED_GO_ON = compile_pattern(r"[!?]+[”\"’']\s+(?=[a-z])")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence boundaries in ``text`` as (start, end) code-point offsets, trimmed
    of surrounding whitespace.

    Splits after 。！？； (no space needed) and after . ! ? ; followed by whitespace
    or the end, at blank lines, and before a line that starts a list item, heading
    or table row. Never inside `code`, Markdown links, URLs, decimals and versions
    (0.5.20, v0.30, 5.2%), or after abbreviations (e.g., i.e., vs., Fig. 3).
    """
    cuts: list[tuple[int, int]] = []  # (end of one piece, start of the next)
    for m in _SPLIT_TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "end":
            if (not _is_abbreviation(text, m) and not _is_list_number(text, m.start())
                    and not _TRAILING_REFS.match(text, m.end()) and not _QUOTED_GO_ON.match(text, m.start())):
                cuts.append((m.end(), m.end()))
            elif refs := _TRAILING_REFS.match(text, m.end()):
                cuts.append((refs.end(), refs.end()))
        elif kind == "brk":
            cuts.append((m.start(), m.end()))
    pieces: list[tuple[int, int]] = []
    start = 0
    for end, next_start in [*cuts, (len(text), len(text))]:
        s, e = _trim(text, start, end)
        if s < e:
            pieces.append((s, e))
        start = next_start
    return pieces


def window_in_text(text: str) -> Window | None:
    """The reporting window a draft states in its text ("本期窗口为 2026/9/16—9/22",
    "window: Sep 14–20, 2026", "covers 2026-09-16 to 2026-09-22"): the first date
    range on a line that talks about the window, period or week."""
    for line in text.split("\n"):
        if _WINDOW_WORDS.search(line):
            window = _range_in(line)
            if window:
                return window
    return None


@lru_cache(maxsize=1)
def builtin_repos() -> Mapping[str, str]:
    """The built-in project name -> owner/repo table (``lexicon/projects.toml``)."""
    raw = resources.files("factcheck.lexicon").joinpath("projects.toml").read_text(encoding="utf-8")
    return MappingProxyType(dict(tomllib.loads(raw)["projects"]))


# --- front matter ------------------------------------------------------------

_FM_OPEN = compile_pattern(r"^---[ \t]*$")
_FM_CLOSE = compile_pattern(r"^(?:---|\.\.\.)[ \t]*$")
_WINDOW_VALUE = compile_pattern(r"^\s*(\d{4}-\d{2}-\d{2})\s*\.\.\s*(\d{4}-\d{2}-\d{2})\s*$")
_REPO_VALUE = compile_pattern(r"^(?:https?://(?:www\.)?github\.com/)?([A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+?)(?:\.git)?/?$")


def _front_matter(lines: list[str], path: str) -> tuple[FrontMatter, int]:
    """The front matter and the index of the first body line (0 without one)."""
    if not lines or not _FM_OPEN.match(lines[0]):
        return FrontMatter(), 0
    close = next((i for i in range(1, len(lines)) if _FM_CLOSE.match(lines[i])), None)
    if close is None:
        raise InputError("front matter opened with '---' is never closed by a '---' line", path, 1)
    source = "\n".join(lines[1:close])
    try:
        data = yaml.safe_load(source)
        root = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = 2 + mark.line if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc).split("\n")[0]
        raise InputError(f"front matter is not valid YAML: {problem}", path, line) from exc
    except RecursionError:
        # PyYAML's composer recurses once per nesting level
        raise InputError("front matter is nested too deeply to read (lists or mappings inside each other "
                         "hundreds of levels deep)", path, 2) from None
    if data is None:
        return FrontMatter(), close + 1
    shape = _front_shape_problem(data)
    if shape:
        raise InputError(f"front matter {shape}", path, 2 + _first_alias_line(root))
    if not isinstance(data, dict):
        raise InputError("front matter must be a YAML mapping (key: value lines)", path, 2)
    key_lines = _key_lines(root)

    def where(key: str) -> int:
        return 2 + key_lines[key] if key in key_lines else 1

    window = _front_window(data.get("window"), path, where("window"))
    repos = _front_repos(data.get("repos"), path, where("repos"))
    single = data.get("repo")
    if single is not None and not (isinstance(single, str) and _REPO_VALUE.match(single.strip())):
        raise InputError("repo must be an owner/name GitHub repository", path, where("repo"))
    title = data.get("title")
    extra = {str(k): v for k, v in data.items() if k not in ("title", "window", "repos")}
    if isinstance(single, str):
        extra["repo"] = _REPO_VALUE.match(single.strip()).group(1)  # type: ignore[union-attr]
    front = FrontMatter(title=None if title is None else str(title), window=window, repos=repos, **extra)
    return front, close + 1


_FRONT_DEPTH = 50  # deeper than any real front matter; the checks and the JSON dumps recurse


def _front_shape_problem(data: Any) -> str | None:
    """Why the loaded front matter cannot be used as plain data: a YAML alias cycle
    (``a: &a [*a]`` loads as a list that contains itself, which every later dump
    would follow forever) or nesting deeper than ``_FRONT_DEPTH``. Iterative, so
    the check itself cannot overflow the stack."""
    stack: list[tuple[Any, int, frozenset[int]]] = [(data, 0, frozenset())]
    while stack:
        value, depth, above = stack.pop()
        if not isinstance(value, (dict, list)):
            continue
        if id(value) in above:
            return "has a YAML alias cycle (a value that contains itself)"
        if depth >= _FRONT_DEPTH:
            return f"is nested more than {_FRONT_DEPTH} levels deep"
        path = above | {id(value)}
        children = value.values() if isinstance(value, dict) else value
        stack.extend((child, depth + 1, path) for child in children)
    return None


def _first_alias_line(root: yaml.Node | None) -> int:
    """0-based line of the first alias (``*a``) in the front matter, else 0."""
    stack = [root] if root is not None else []
    seen: set[int] = set()
    best: int | None = None
    while stack:
        node = stack.pop()
        if id(node) in seen:  # an alias is the very node it names: a cycle shows up here
            best = node.start_mark.line if best is None else min(best, node.start_mark.line)
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            stack.extend(n for pair in node.value for n in pair)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return best or 0


def _key_lines(root: yaml.Node | None) -> dict[str, int]:
    """0-based line of each top-level key of the front matter."""
    if not isinstance(root, yaml.MappingNode):
        return {}
    return {str(k.value): k.start_mark.line for k, _ in root.value}


def _front_window(value: Any, path: str, line: int) -> Window | None:
    if value is None:
        return None
    start = end = None
    if isinstance(value, str):
        m = _WINDOW_VALUE.match(value)
        if m:
            start, end = _iso(m.group(1)), _iso(m.group(2))
    elif isinstance(value, dict):
        start, end = _as_date(value.get("start")), _as_date(value.get("end"))
    if start is None or end is None:
        raise InputError(f"window must be written as YYYY-MM-DD..YYYY-MM-DD, got {value!r}", path, line)
    if end < start:
        raise InputError(f"window ends ({end}) before it starts ({start})", path, line)
    return Window(start=start, end=end)


def _front_repos(value: Any, path: str, line: int) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InputError("repos must be a mapping of project names to owner/name repositories", path, line)
    repos: dict[str, str] = {}
    for name, repo in value.items():
        m = _REPO_VALUE.match(repo.strip()) if isinstance(repo, str) else None
        if m is None:
            raise InputError(f"repos: {name!r} must map to an owner/name repository, got {repo!r}", path, line)
        repos[str(name)] = m.group(1)
    return repos


def _iso(value: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        return None


def _as_date(value: Any) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    return _iso(value.strip()) if isinstance(value, str) else None


def _default_repo(front: FrontMatter) -> str | None:
    """The repository a bare #123 falls back to: front matter ``repo:``, or the
    only repository its ``repos:`` names."""
    single = (front.model_extra or {}).get("repo")
    if isinstance(single, str):
        return single
    distinct = set(front.repos.values())
    return distinct.pop() if len(distinct) == 1 else None


def _names_by_repo(names: Mapping[str, str]) -> dict[str, list[str]]:
    by_repo: dict[str, list[str]] = {}
    for name, repo in names.items():
        by_repo.setdefault(repo, []).append(name)
    # A name given twice (built-in, then front matter) must resolve to the later repo.
    latest = {name.casefold(): repo for name, repo in names.items()}
    return {repo: [n for n in spellings if latest[n.casefold()] == repo] for repo, spellings in by_repo.items()}


# --- the window stated in text -----------------------------------------------

_WINDOW_WORDS = compile_pattern(
    r"窗口|时间窗|时间范围|统计(?:区间|周期|范围)|收录(?:范围|区间|时间)|覆盖(?:范围|时间)|本期|本周"
    r"|\b(?:window|period|week of|this week|this issue|covers|covering|coverage)\b",
    re.IGNORECASE,
)
_SEP = r"\s*(?:\.\.|—|–|-|~|～|〜|至|到|\bto\b|\bthrough\b|\bthru\b|\buntil\b)\s*"
_MON = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
        r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_RANGES = [
    compile_pattern(rf"(?<!\d)(?P<y1>\d{{4}})(?P<s>[-/.])(?P<m1>\d{{1,2}})(?P=s)(?P<d1>\d{{1,2}}){_SEP}"
                    rf"(?:(?:(?P<y2>\d{{4}})(?P=s))?(?P<m2>\d{{1,2}})(?P=s))?(?P<d2>\d{{1,2}})(?!\d)", re.IGNORECASE),
    compile_pattern(rf"(?P<y1>\d{{4}})\s*年\s*(?P<m1>\d{{1,2}})\s*月\s*(?P<d1>\d{{1,2}})\s*[日号]?{_SEP}"
                    rf"(?:(?:(?P<y2>\d{{4}})\s*年\s*)?(?P<m2>\d{{1,2}})\s*月\s*)?(?P<d2>\d{{1,2}})(?!\d)"),
    compile_pattern(rf"\b(?P<m1>{_MON})\.?\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s*(?P<y1>\d{{4}}))?{_SEP}"
                    rf"(?:(?P<m2>{_MON})\.?\s+)?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y2>\d{{4}})\b", re.IGNORECASE),
    compile_pattern(rf"\b(?P<d1>\d{{1,2}})(?:\s+(?P<m1>{_MON})\.?)?{_SEP}(?P<d2>\d{{1,2}})\s+"
                    rf"(?P<m2>{_MON})\.?,?\s+(?P<y2>\d{{4}})\b", re.IGNORECASE),
]
_WEEK_OF = compile_pattern(
    rf"\bweek\s+of\s+(?:(?P<iso>\d{{4}}-\d{{2}}-\d{{2}})|(?P<m1>{_MON})\.?\s+(?P<d1>\d{{1,2}}),?\s+(?P<y1>\d{{4}}))", re.IGNORECASE)
_MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}


def _range_in(line: str) -> Window | None:
    """The first date range written in ``line``, or the week a "week of DATE" names."""
    found = [m for m in (r.search(line) for r in _RANGES) if m]
    for m in sorted(found, key=lambda m: m.start()):
        window = _window_from(m.groupdict())
        if window:
            return window
    week = _WEEK_OF.search(line)
    if week:
        start = _iso(week["iso"]) if week["iso"] else _date(week["y1"], week["m1"], week["d1"])
        if start:
            return Window(start=start, end=start + dt.timedelta(days=6))
    return None


def _window_from(g: dict[str, str | None]) -> Window | None:
    if not (g.get("y1") or g.get("y2")):
        return None
    y1, y2 = g.get("y1"), g.get("y2")
    m1, m2 = g.get("m1") or g.get("m2"), g.get("m2") or g.get("m1")
    start, end = _date(y1 or y2, m1, g["d1"]), _date(y2 or y1, m2, g["d2"])
    if start is not None and end is not None and end < start:
        # One year written for a range that crosses New Year ("Dec 28 – Jan 3, 2027").
        if y1 and not y2:
            end = _date(str(int(y1) + 1), m2, g["d2"])
        elif y2 and not y1:
            start = _date(str(int(y2) - 1), m1, g["d1"])
    if start is None or end is None or not (0 <= (end - start).days <= 400):
        return None
    return Window(start=start, end=end)


def _date(year: str | None, month: str | None, day: str | None) -> dt.date | None:
    if not (year and month and day):
        return None
    mon = int(month) if month.isdigit() else _MONTHS.get(month[:3].lower())
    try:
        return dt.date(int(year), mon or 0, int(day))
    except ValueError:
        return None


# --- the line scanner ----------------------------------------------------------


@dataclass
class _Seg:
    line: int  # 1-based
    col: int  # 1-based code-point column of text[0]
    text: str


@dataclass
class _Block:
    kind: BlockKind
    segs: list[_Seg]
    level: int = 0
    indent: int = 0
    marker: str = ""  # a list item's marker ("-", "1.", "•")
    marker_col: int = 0
    head: str = ""  # a list item's line from its marker on, should it turn out to be a heading
    blank_before: bool = True
    blank_after: bool = True
    cells: list[tuple[str, str]] = field(default_factory=list)  # a table row's (header, cell)

    @property
    def first_line(self) -> int:
        return self.segs[0].line

    @property
    def last_line(self) -> int:
        return self.segs[-1].line


_FENCE = compile_pattern(r"^[ \t]*(`{3,}|~{3,})")
_ATX = compile_pattern(r"^ {0,3}(#{1,6})(?=[ \t]|$)[ \t]*(.*?)(?:[ \t]+#+)?[ \t]*$")
_SETEXT = compile_pattern(r"^ {0,3}(=+|-+)[ \t]*$")
_RULE = compile_pattern(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_LIST = compile_pattern(r"^(?P<indent>[ \t]*)(?P<marker>[-*+•·▪●◦‣]|\d{1,3}[.)）]|\d{1,3}、)(?:[ \t]+|(?<=、))(?=\S)")
_QUOTE = compile_pattern(r"^ {0,3}(?:>[ \t]?)+")
_TABLE_SEP = compile_pattern(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_HTML_START = compile_pattern(r"^ {0,3}</?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)")
_HTML_RAW = ("pre", "script", "style", "textarea")
# Tags that open an HTML block even with text after them (CommonMark's type 6);
# any other tag does so only when it stands alone on its line.
_HTML_BLOCK_TAGS = frozenset(
    "address article aside blockquote body center details dialog dir div dl dt dd fieldset figcaption figure "
    "footer form h1 h2 h3 h4 h5 h6 head header hr html iframe legend li main menu nav ol p picture section "
    "summary table tbody td tfoot th thead tr ul video audio source".split())
_HTML_ALONE = compile_pattern(r"^ {0,3}</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>[ \t]*$")
_LINK_DEF = compile_pattern(r"^ {0,3}\[([^\]\n]+)\]:[ \t]*<?(\S+?)>?(?:[ \t]+.*)?$")


def _scan(lines: list[str], first: int, plain: bool) -> list[_Block]:
    """Blocks of the body: headings, paragraphs, list items, quotes, table rows.
    Code fences, HTML blocks and comments, rules and link definitions are dropped."""
    blocks: list[_Block] = []
    cur: _Block | None = None
    fence: tuple[str, int] | None = None
    html_end: str | None = None  # "" = the HTML block ends at a blank line
    in_comment = False
    prev_blank = True
    last_kind = ""

    def flush() -> None:
        nonlocal cur, last_kind
        if cur is not None:
            nxt = cur.last_line  # 1-based line of the block's end = 0-based index of the next line
            cur.blank_after = nxt >= len(lines) or not lines[nxt].strip()
            blocks.append(cur)
            last_kind = cur.kind
            cur = None

    def start(kind: BlockKind, seg: _Seg, **extra: Any) -> None:
        nonlocal cur
        flush()
        cur = _Block(kind, [seg], blank_before=prev_blank, **extra)

    i = first
    while i < len(lines):
        raw = lines[i]
        lineno = i + 1
        i += 1
        if fence is not None:
            m = _FENCE.match(raw)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= fence[1] and not raw[m.end():].strip():
                fence = None
            continue
        if html_end is not None:
            if html_end == "":
                if not raw.strip():
                    html_end, prev_blank = None, True
            elif html_end in raw.lower():
                html_end = None
            continue
        line, in_comment = _mask_comments(raw, in_comment)
        if not line.strip():
            flush()
            prev_blank = True
            continue
        indent = len(line) - len(line.lstrip(" \t"))
        col = indent + 1
        if (m := _FENCE.match(line)) is not None:
            flush()
            fence = (m.group(1)[0], len(m.group(1)))
            prev_blank = False
            continue
        if (cur is None and (m := _HTML_START.match(line)) is not None
                and (m.group(1).lower() in _HTML_BLOCK_TAGS or m.group(1).lower() in _HTML_RAW
                     or _HTML_ALONE.match(line))):
            tag = m.group(1).lower()
            html_end = f"</{tag}>" if tag in _HTML_RAW else ""
            if html_end and html_end in line.lower()[m.end():]:
                html_end = None
            last_kind, prev_blank = "html", False
            continue
        if (m := _ATX.match(line)) is not None:
            text = m.group(2) or ""
            start("heading", _Seg(lineno, m.start(2) + 1, text), level=len(m.group(1)))
            flush()
            prev_blank = False
            continue
        if cur is not None and cur.kind == "paragraph" and len(cur.segs) == 1 and _SETEXT.match(line):
            cur.kind, cur.level = "heading", 1 if line.strip()[0] == "=" else 2
            flush()
            prev_blank = False
            continue
        if _RULE.match(line):
            flush()
            last_kind, prev_blank = "rule", False
            continue
        if cur is None and _LINK_DEF.match(line):
            last_kind, prev_blank = "definition", False
            continue
        if "|" in line and i < len(lines) and "|" in lines[i] and _TABLE_SEP.match(lines[i]):
            flush()
            header = [c for c, _ in _cells(line)]
            i += 1  # the separator row
            while i < len(lines) and lines[i].strip() and "|" in lines[i]:
                row, in_comment = _mask_comments(lines[i], in_comment)
                i += 1
                if row.strip():
                    cells = _cells(row)
                    named = [(header[k] if k < len(header) else "", c) for k, (c, _) in enumerate(cells)]
                    left = len(row) - len(row.lstrip())
                    blocks.append(_Block("table_row", [_Seg(i, left + 1, row.strip())], cells=named,
                                         blank_before=False, blank_after=False))
            last_kind, prev_blank = "table_row", False
            continue
        if (m := _QUOTE.match(line)) is not None:
            body = line[m.end():]
            if not body.strip():
                flush()
            elif cur is not None and cur.kind == "quote":
                cur.segs.append(_Seg(lineno, m.end() + 1, body.rstrip()))
            else:
                start("quote", _Seg(lineno, m.end() + 1, body.rstrip()))
            prev_blank = False
            continue
        if (m := _LIST.match(line)) is not None:
            start("list", _Seg(lineno, m.end() + 1, line[m.end():].rstrip()), indent=len(m.group("indent")),
                  marker=m.group("marker"), marker_col=len(m.group("indent")) + 1,
                  head=line[len(m.group("indent")):].rstrip())
            prev_blank = False
            continue
        seg = _Seg(lineno, col, line[indent:].rstrip())
        if cur is not None and cur.kind in ("paragraph", "list", "quote"):
            cur.segs.append(seg)  # a continuation line (lazy continuation in lists and quotes too)
        elif not plain and cur is None and indent >= 4 and last_kind not in ("list",) and (prev_blank or last_kind == "code"):
            last_kind = "code"  # an indented code block
        elif cur is None and last_kind == "list" and prev_blank and indent >= 2:
            start("list", seg, indent=indent)  # a further paragraph of the list item above
        else:
            start("paragraph", seg)
        prev_blank = False
    flush()
    return blocks


def _mask_comments(line: str, in_comment: bool) -> tuple[str, bool]:
    """``line`` with HTML comments blanked to spaces (columns stay put), and whether
    a comment is still open at its end."""
    out: list[str] = []
    pos = 0
    while pos < len(line):
        if in_comment:
            end = line.find("-->", pos)
            if end < 0:
                out.append(" " * (len(line) - pos))
                pos = len(line)
            else:
                out.append(" " * (end + 3 - pos))
                pos, in_comment = end + 3, False
        else:
            begin = line.find("<!--", pos)
            if begin < 0:
                out.append(line[pos:])
                pos = len(line)
            else:
                out.append(line[pos:begin] + "    ")
                pos, in_comment = begin + 4, True
    return "".join(out), in_comment


def _cells(row: str) -> list[tuple[str, int]]:
    """The cells of a pipe-table row with their offsets; ``\\|`` and pipes inside
    `code` do not split."""
    cells: list[tuple[str, int]] = []
    text = row.strip()
    lead = len(row) - len(row.lstrip())
    if text.startswith("|"):
        text, lead = text[1:], lead + 1
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    start, in_code, k = 0, False, 0
    while k <= len(text):
        ch = text[k] if k < len(text) else "|"
        if ch == "\\":
            k += 2
            continue
        if ch == "`":
            in_code = not in_code
        elif ch == "|" and (not in_code or k == len(text)):
            cell = text[start:k]
            cells.append((cell.strip(), lead + start + len(cell) - len(cell.lstrip())))
            start = k + 1
        k += 1
    return cells


def _link_definitions(lines: list[str], first: int) -> dict[str, str]:
    """Reference-style link definitions (``[label]: https://...``) outside code fences."""
    defs: dict[str, str] = {}
    fence = ""
    for line in lines[first:]:
        m = _FENCE.match(line)
        if m:
            fence = "" if fence and m.group(1).startswith(fence) else (fence or m.group(1)[:3])
            continue
        if not fence and (d := _LINK_DEF.match(line)):
            defs.setdefault(_label_key(d.group(1)), d.group(2))
    return defs


def _label_key(label: str) -> str:
    return " ".join(label.split()).casefold()


# --- plain-text structure ------------------------------------------------------

_TERMINAL = tuple("。！？；.!?;：:，,、…")
_SENTENCE_INSIDE = compile_pattern(r"[。！？]|[.!?;](?=\s)")


def _plain_text_structure(blocks: list[_Block]) -> list[_Block]:
    """Headings and tables of a plain-text draft, which carry no Markdown marks."""
    out: list[_Block] = []
    for block in blocks:
        out.extend(_plain_table(block) or [block])
    numbered_seen = False
    for k, block in enumerate(out):
        prev = out[k - 1] if k else None
        nxt = out[k + 1] if k + 1 < len(out) else None
        if _is_numbered_heading(block, prev, nxt):
            block.kind, block.level, numbered_seen = "heading", 2, True
            block.segs = [_Seg(block.segs[0].line, block.marker_col, block.head)]
        elif _is_plain_subheading(block, nxt):
            block.kind, block.level = "heading", 3 if numbered_seen else 2
    return out


def _is_numbered_heading(block: _Block, prev: _Block | None, nxt: _Block | None) -> bool:
    """``N. title`` standing alone before prose, not one item of a list."""
    if block.kind != "list" or len(block.segs) != 1 or not block.marker[:1].isdigit() or block.indent:
        return False
    text = block.segs[0].text
    return (block.blank_before and block.blank_after and len(text) <= 80 and not text.endswith(_TERMINAL)
            and not (prev is not None and prev.kind == "list" and prev.marker[:1].isdigit())
            and nxt is not None and nxt.kind in ("paragraph", "table_row", "heading", "quote"))


def _is_plain_subheading(block: _Block, nxt: _Block | None) -> bool:
    if block.kind != "paragraph" or len(block.segs) != 1:
        return False
    text = block.segs[0].text
    return (block.blank_before and block.blank_after and len(text) <= 60 and not text.endswith(_TERMINAL)
            and not _SENTENCE_INSIDE.search(text) and not _CITE_LABEL.match(text)
            and nxt is not None and nxt.kind in ("paragraph", "table_row", "list"))


def _plain_table(block: _Block) -> list[_Block] | None:
    """A paragraph of three or more short unpunctuated lines whose first line is a
    row of column names: one table row per further line. Only the last column may
    hold spaces, which is how such tables are usually typed."""
    if block.kind != "paragraph" or len(block.segs) < 3:
        return None
    header = block.segs[0].text.split()
    if len(header) < 2 or _SENTENCE_INSIDE.search(block.segs[0].text) or any(ch.isdigit() for ch in block.segs[0].text):
        return None
    if any(seg.text.endswith(_TERMINAL) or len(seg.text.split()) < len(header) for seg in block.segs):
        return None
    rows = []
    for seg in block.segs[1:]:
        cells = seg.text.split(maxsplit=len(header) - 1)
        rows.append(_Block("table_row", [seg], cells=list(zip(header, cells)), blank_before=False, blank_after=False))
    return rows


# --- citation lines ------------------------------------------------------------

_CITE_LABEL = compile_pattern(
    r"^(?:[*_]{1,2})?(?:[\u4e00-\u9fff]{0,6}来源|参考(?:资料|链接|文献)?|出处"
    r"|(?:[A-Za-z]+[ \t]+){0,2}(?:sources?|references?|refs))(?:[*_]{1,2})?[ \t]*[:：](?:[*_]{1,2})?",
    re.IGNORECASE,
)


def _mark_citation_blocks(blocks: list[_Block]) -> list[_Block]:
    """Paragraphs and list items that start with a citation label become ``cite``
    blocks; so does the list right under a label that stands alone ("Sources:")."""
    label_alone = False
    for block in blocks:
        if block.kind in ("paragraph", "list") and _CITE_LABEL.match(block.segs[0].text):
            rest = _CITE_LABEL.sub("", block.segs[0].text, count=1) + "".join(s.text for s in block.segs[1:])
            block.kind = "cite"
            label_alone = not rest.strip()
        elif label_alone and block.kind == "list":
            block.kind = "cite"
        else:
            label_alone = False
    return blocks


# --- citations in text -----------------------------------------------------------

_CODE_SPAN = compile_pattern(r"(`+)[^\n]*?\1")
_MD_LINK = compile_pattern(
    r"(?P<bang>!?)\[(?P<text>(?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]"
    r"\(\s*(?P<url><[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'))?\s*\)"
)
_REF_LINK = compile_pattern(r"\[(?P<text>[^\[\]\n]+)\](?:\[(?P<ref>[^\[\]\n]*)\])?")
_AUTOLINK = compile_pattern(r"<(https?://[^>\s]+)>")
# No IGNORECASE with these classes: it would fold "i", "k" and "s" into the non-ASCII range.
_BARE_URL = compile_pattern(r"https?://[^\s<>\"'`\[\]\u007f-\U0010ffff]+")
_OWNER_REPO_REF = compile_pattern(
    r"(?<![A-Za-z0-9_./-])(?P<repo>[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?/[A-Za-z0-9._-]+)#(?P<num>\d+)(?![A-Za-z0-9_])")
_BARE_REF = compile_pattern(r"(?:(?<=(?<![A-Za-z0-9_])[Pp][Rr])|(?<![A-Za-z0-9_&#/]))#(?P<num>\d{1,7})(?![A-Za-z0-9_])")
_RANK_BEFORE = compile_pattern(r"(?:\brank(?:ed|s)?|\bNo\.?|\btop|排名|排第|位列|第)\s*$", re.IGNORECASE)
_HINT_STOP = compile_pattern(r"[、,，;；。\n|()（）\[\]]")
_REF_JOINER = compile_pattern(r"^[\s、,，/&和与及]*(?:and|or)?[\s、,，]*$", re.IGNORECASE)


@dataclass(frozen=True)
class _Context:
    """What every block of one draft is read against."""

    projects: TermMatcher  # project name -> repo (key)
    defs: dict[str, str]
    default_repo: str | None


@dataclass
class _Found:
    start: int
    end: int
    url: str  # "" for a bare #123 still to resolve
    text: str
    form: Literal["link", "url", "ref"]
    number: int = 0
    hint: str | None = None  # the repo a project named right before a bare #123 points to


def _find_citations(text: str, ctx: _Context) -> list[_Found]:
    """Links, autolinks, bare URLs, owner/repo#123 and bare #123 in ``text``, in
    order. Each form blanks what it consumed, so no URL is counted twice."""
    work = _CODE_SPAN.sub(lambda m: " " * len(m.group()), text)
    found: list[_Found] = []

    def stage(regex: re.Pattern[str], read: Any) -> None:
        """Run one form over what earlier forms left, then blank what it took."""
        nonlocal work
        taken: list[tuple[int, int]] = []
        for m in regex.finditer(work):
            got = read(m)
            if got is None:
                continue
            end, url, label, form = got
            taken.append((m.start(), end))
            if url.lower().startswith(("http://", "https://")):
                found.append(_Found(m.start(), end, url, label, form))
        work = _blank(work, taken)

    def link(m: re.Match[str]) -> tuple[int, str, str, str]:
        url = "" if m.group("bang") else m.group("url").strip("<>")  # an image is not a citation
        return m.end(), url, text[m.start("text"):m.end("text")], "link"

    def ref_link(m: re.Match[str]) -> tuple[int, str, str, str] | None:
        url = ctx.defs.get(_label_key(m.group("ref") or m.group("text")))
        return None if url is None else (m.end(), url, text[m.start("text"):m.end("text")], "link")

    def bare_url(m: re.Match[str]) -> tuple[int, str, str, str]:
        url = _trim_url(m.group())
        return m.start() + len(url), url, url, "url"

    stage(_MD_LINK, link)
    if ctx.defs:
        stage(_REF_LINK, ref_link)
    stage(_AUTOLINK, lambda m: (m.end(), m.group(1), m.group(1), "url"))
    stage(_BARE_URL, bare_url)
    stage(_OWNER_REPO_REF, lambda m: (
        m.end(), f"https://github.com/{m.group('repo')}/pull/{m.group('num')}", m.group(), "ref"))
    previous: _Found | None = None
    for m in _BARE_REF.finditer(work):
        if _RANK_BEFORE.search(text[max(0, m.start() - 12):m.start()]):
            continue
        hint = _hint_before(text, m.start(), ctx.projects)
        if hint is None and previous is not None and _REF_JOINER.match(text[previous.end:m.start()]):
            hint = previous.hint  # "SGLang #1、#2": the second number shares the first one's project
        previous = _Found(m.start(), m.end(), "", m.group(), "ref", int(m.group("num")), hint)
        found.append(previous)
    found.sort(key=lambda f: f.start)
    return found


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the given (start, end) spans replaced by spaces, in one pass."""
    if not spans:
        return text
    out, pos = [], 0
    for start, end in spans:
        out.append(text[pos:start])
        out.append(" " * (end - start))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def _trim_url(url: str) -> str:
    """A bare URL without the punctuation that ends the sentence around it; a
    closing bracket stays when the URL opened one."""
    while url:
        last = url[-1]
        if last in ".,;:!?*_~'\"" or (last == ")" and url.count("(") < url.count(")")):
            url = url[:-1]
        else:
            break
    return url


def _hint_before(text: str, at: int, projects: TermMatcher) -> str | None:
    """The repo of a project named just before position ``at``, within the same
    list item of a citation line ("SGLang 集成 #37903")."""
    window = text[max(0, at - 60):at]
    stops = list(_HINT_STOP.finditer(window))
    if stops:
        window = window[stops[-1].end():]
    hits = projects.find(window)
    return hits[-1].key if hits else None


def _repo_of(urls: list[str]) -> str | None:
    """The GitHub repository most of a section's cited URLs point into."""
    repos: Counter[str] = Counter()
    for url in urls:
        parts = github_parts(url)
        if parts and parts[0].split("/")[0].lower() not in _NOT_OWNERS:
            repos[parts[0].removesuffix(".git")] += 1
    return repos.most_common(1)[0][0] if repos else None


_NOT_OWNERS = {"orgs", "users", "settings", "topics", "marketplace", "sponsors", "features", "apps", "search"}


# --- sections and sentences -------------------------------------------------------


@dataclass
class _SectionAcc:
    index: int
    title: str
    level: int
    start_line: int
    end_line: int
    parent: int | None
    found: list[tuple[_Found, Span]] = field(default_factory=list)


class _Spans:
    """Offsets in a block's text (its lines joined by "\\n") -> draft spans."""

    def __init__(self, segs: list[_Seg]) -> None:
        self.segs = segs
        self.starts: list[int] = []
        offset = 0
        for seg in segs:
            self.starts.append(offset)
            offset += len(seg.text) + 1
        self.text = "\n".join(seg.text for seg in segs)

    def point(self, offset: int) -> tuple[int, int]:
        k = bisect.bisect_right(self.starts, offset) - 1
        seg = self.segs[k]
        return seg.line, seg.col + offset - self.starts[k]

    def span(self, start: int, end: int) -> Span:
        line, col = self.point(start)
        end_line, end_col = self.point(max(start, end - 1))
        return Span(line=line, column=col, end_line=end_line, end_column=end_col + 1)


def _assemble(blocks: list[_Block], ctx: _Context) -> tuple[list[Section], list[Sentence]]:
    """Group blocks into sections (opened by headings, closed by citation lines),
    and cut their text into sentences."""
    accs: list[_SectionAcc] = []
    sentences: list[Sentence] = []
    headings: list[tuple[int, int]] = []  # (level, section index) of the open headings
    current: _SectionAcc | None = None
    owner: int | None = None  # the heading section a continuation falls under
    just_closed: _SectionAcc | None = None  # a section a citation line closed, with nothing after it yet

    def open_section(title: str, level: int, line: int, parent: int | None) -> _SectionAcc:
        acc = _SectionAcc(len(accs), title, level, line, line, parent)
        accs.append(acc)
        return acc

    def open_continuation(line: int) -> _SectionAcc:
        """Text after a citation line: a section of its own under the same heading."""
        if owner is None:
            return open_section("", 0, line, None)
        return open_section(accs[owner].title, accs[owner].level, line, owner)

    for block in blocks:
        spans = _Spans(block.segs)
        if block.kind == "heading":
            while headings and headings[-1][0] >= block.level:
                headings.pop()
            title = spans.text.strip()
            current = open_section(title, block.level, block.first_line, headings[-1][1] if headings else None)
            headings.append((block.level, current.index))
            owner, just_closed = current.index, None
        elif block.kind == "cite":
            target = current or just_closed
            if target is None:
                target = open_continuation(block.first_line)
            target.found.extend((f, spans.span(f.start, f.end)) for f in _find_citations(spans.text, ctx))
            target.end_line = block.last_line
            current, just_closed = None, target
            continue
        elif current is None:
            current = open_continuation(block.first_line)
            just_closed = None
        current.end_line = block.last_line
        current.found.extend((f, spans.span(f.start, f.end)) for f in _find_citations(spans.text, ctx))
        sentences.extend(_sentences_of(block, spans, current.index, len(sentences)))
    sections: list[Section] = []
    for acc in accs:  # a parent always precedes its children, so its repo is known here
        inherited = sections[acc.parent].repo if acc.parent is not None else ctx.default_repo
        sections.append(_finish(acc, ctx, inherited))
    return sections, sentences


def _sentences_of(block: _Block, spans: _Spans, section: int, first_index: int) -> list[Sentence]:
    if block.kind == "heading":
        pieces = [_trim(spans.text, 0, len(spans.text))]
    elif block.kind == "table_row":
        text = " | ".join(f"{h}: {c}" if h else c for h, c in block.cells if c)
        span = spans.span(0, len(spans.text))
        return [Sentence(index=first_index, text=text, span=span, section=section, block="table_row")] if text else []
    else:
        pieces = split_sentences(spans.text)
    out: list[Sentence] = []
    for start, end in pieces:
        text = spans.text[start:end]
        if start < end and _HAS_WORD.search(text):
            out.append(Sentence(index=first_index + len(out), text=text, span=spans.span(start, end),
                                section=section, block=block.kind))  # type: ignore[arg-type]
    return out


_HAS_WORD = compile_pattern(r"\w")


def _finish(acc: _SectionAcc, ctx: _Context, inherited: str | None) -> Section:
    """Resolve the section's repo (its GitHub links, else the project its title
    names, else its parent's), then its bare #123 references through it."""
    linked = [f.url or f"https://github.com/{f.hint}/pull/{f.number}" for f, _ in acc.found if f.url or f.hint]
    repo = _repo_of(linked) or _title_repo(acc.title, ctx) or inherited
    citations: list[Citation] = []
    seen: set[str] = set()
    for f, span in acc.found:
        url = f.url
        if not url:
            target = f.hint or repo
            if target is None:
                continue  # a bare #123 nobody can place is dropped, not guessed
            url = f"https://github.com/{target}/pull/{f.number}"
        if url not in seen:
            seen.add(url)
            citations.append(Citation(url=url, text=f.text, span=span, form=f.form))
    return Section(index=acc.index, title=acc.title, level=acc.level, start_line=acc.start_line,
                   end_line=acc.end_line, citations=citations, repo=repo)


def _title_repo(title: str, ctx: _Context) -> str | None:
    hits = ctx.projects.find(title) if title else []
    return hits[0].key if hits else None


# --- sentence splitting --------------------------------------------------------------

_SPLIT_TOKEN = compile_pattern(
    r"(?P<code>(`+)[^\n]*?\2)"
    r"|(?P<link>!?\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\((?:<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
    r"(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'))?\))"
    r"|(?P<url><https?://[^>\s]+>|https?://(?:[^\s<>\"'`\u007f-\U0010ffff]*[^\s<>\"'`.,;:!?)\]\u007f-\U0010ffff])?)"
    r"|(?P<end>[。！？；]+[”’」』）)\"']*|[.!?;]+[”’\"')\]]*(?=\s|$))"
    r"|(?P<brk>\n[ \t]*\n\s*|\n(?=[ \t]*(?:(?:[-*+•]|\d{1,3}[.)])[ \t]|#{1,6}[ \t]|\|)))"
)
# Words whose period never ends a sentence, and words whose period does not when a
# number follows ("Fig. 3", "No. 5", "Sep. 16").
_ABBREVIATIONS = {"e.g", "i.e", "vs", "cf", "al", "approx", "ca", "mr", "mrs", "ms", "dr", "prof",
                  "sr", "jr", "inc", "ltd", "corp", "resp", "viz", "esp", "incl", "w.r.t"}
_BEFORE_NUMBER = {"fig", "figs", "eq", "eqs", "no", "nos", "sec", "ref", "refs", "vol", "p", "pp", "tab",
                  "ch", "art", "ver", "v", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept",
                  "oct", "nov", "dec"}
_WORD_BEFORE = compile_pattern(r"[A-Za-z][A-Za-z.]*$")
_INITIALS = compile_pattern(r"^(?:[A-Za-z]\.)+[A-Za-z]$")


def _is_abbreviation(text: str, m: re.Match[str]) -> bool:
    if m.group() != ".":
        return False
    word = _WORD_BEFORE.search(text, max(0, m.start() - 12), m.start())
    if word is None:
        return False
    w = word.group().lower()
    # a capital glued to a figure ends a name, not an initial: "… and Qwen3.5-9B." closes its sentence
    glued = word.start() > 0 and (text[word.start() - 1].isdigit() or text[word.start() - 1] in "-_")
    if w in _ABBREVIATIONS or _INITIALS.match(w) or (len(w) == 1 and word.group().isupper() and not glued):
        return True
    if w in _BEFORE_NUMBER:
        after = text[m.end():m.end() + 3].lstrip()
        return bool(after) and (after[0].isdigit() or after[0] == "(")
    if w == "etc":  # "optimized support with VACE, etc. will follow soon": the sentence goes on in lower case
        after = text[m.end():m.end() + 3].lstrip()
        return bool(after) and after[0].islower()
    return False


def _is_list_number(text: str, at: int) -> bool:
    """Whether the period at ``at`` closes a list number at a line start ("1. ")."""
    k = at
    while k > 0 and at - k < 3 and text[k - 1].isdigit():
        k -= 1
    if k == at:
        return False
    while k > 0 and at - k < 12 and text[k - 1] in " \t":
        k -= 1
    return k == 0 or text[k - 1] == "\n"


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
