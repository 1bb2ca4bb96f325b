"""Any other cited page -> a source document: blog posts, release-note pages,
papers' abstract pages, and Hugging Face model and dataset cards.

HTML becomes readable Markdown-like text that keeps what claims rest on:
headings, list items, table rows (``| a | b |``) and code. Dates come from
``<time datetime>``, ``article:published_time`` and friends, and JSON-LD.
"""
from __future__ import annotations

import json
import re
from typing import Any, Literal
from urllib.parse import urlsplit

import yaml
from bs4 import BeautifulSoup, Comment, NavigableString, Tag

from ..models import LicenseInfo, SourceDates, SourceDocument, SourceKind
from .http import FetchFailed, HttpClient, Tally, require_ok

ACCEPT_PAGE = "text/html,application/xhtml+xml,text/plain;q=0.9,text/markdown;q=0.9,*/*;q=0.1"
DROP = ["script", "style", "noscript", "svg", "nav", "footer", "aside", "form", "iframe", "template",
        "button", "canvas", "video", "audio", "object"]
BREAK = "\x00"  # stands for <br> until the text is collapsed
HEADINGS = {f"h{n}": n for n in range(1, 7)}
BLOCKS = {"p", "div", "section", "article", "main", "header", "ul", "ol", "li", "table", "pre",
          "blockquote", "dl", "dt", "dd", "figure", "figcaption", "hr", "details", "summary", "body",
          "tbody", "thead", "tfoot", "tr", *HEADINGS}
PUBLISHED_META = ("article:published_time", "og:published_time", "og:article:published_time",
                  "datepublished", "citation_publication_date", "citation_online_date", "citation_date",
                  "dc.date.issued", "dc.date", "dcterms.date", "pubdate", "publish-date", "publish_date",
                  "parsely-pub-date", "sailthru.date", "date")
UPDATED_META = ("article:modified_time", "og:updated_time", "datemodified", "dcterms.modified")
PAPER_HOSTS = ("arxiv.org", "openreview.net", "aclanthology.org", "proceedings.mlr.press",
               "papers.nips.cc", "proceedings.neurips.cc", "dl.acm.org", "ieeexplore.ieee.org",
               "biorxiv.org", "semanticscholar.org")
BLOG_HOSTS = ("medium.com", "substack.com", "hashnode.dev", "dev.to")
# Hugging Face paths whose first segment is a site section, not an owner.
HF_SECTIONS = frozenset({"docs", "blog", "papers", "learn", "models", "spaces", "collections", "organizations",
                         "settings", "join", "login", "pricing", "api", "posts", "chat", "tasks", "enterprise"})
# Hugging Face license ids -> (SPDX id, name); ids not listed keep their own text as the name.
HF_LICENSES: dict[str, tuple[str | None, str]] = {
    "apache-2.0": ("Apache-2.0", "Apache License 2.0"),
    "mit": ("MIT", "MIT License"),
    "bsd-2-clause": ("BSD-2-Clause", "BSD 2-Clause License"),
    "bsd-3-clause": ("BSD-3-Clause", "BSD 3-Clause License"),
    "gpl-2.0": ("GPL-2.0-only", "GNU General Public License v2.0"),
    "gpl-3.0": ("GPL-3.0-only", "GNU General Public License v3.0"),
    "lgpl-3.0": ("LGPL-3.0-only", "GNU Lesser General Public License v3.0"),
    "agpl-3.0": ("AGPL-3.0-only", "GNU Affero General Public License v3.0"),
    "mpl-2.0": ("MPL-2.0", "Mozilla Public License 2.0"),
    "cc0-1.0": ("CC0-1.0", "Creative Commons Zero v1.0 Universal"),
    "cc-by-4.0": ("CC-BY-4.0", "Creative Commons Attribution 4.0"),
    "cc-by-sa-4.0": ("CC-BY-SA-4.0", "Creative Commons Attribution Share Alike 4.0"),
    "cc-by-nc-4.0": ("CC-BY-NC-4.0", "Creative Commons Attribution Non Commercial 4.0"),
    "cc-by-nc-sa-4.0": ("CC-BY-NC-SA-4.0", "Creative Commons Attribution Non Commercial Share Alike 4.0"),
    "cc-by-nc-nd-4.0": ("CC-BY-NC-ND-4.0", "Creative Commons Attribution Non Commercial No Derivatives 4.0"),
    "unlicense": ("Unlicense", "The Unlicense"),
    "bsl-1.0": ("BSL-1.0", "Boost Software License 1.0"),
    "openrail": (None, "OpenRAIL"),
    "openrail++": (None, "OpenRAIL++"),
    "creativeml-openrail-m": (None, "CreativeML OpenRAIL-M"),
    "llama2": (None, "Llama 2 Community License"),
    "llama3": (None, "Llama 3 Community License"),
    "llama3.1": (None, "Llama 3.1 Community License"),
    "llama3.2": (None, "Llama 3.2 Community License"),
    "llama3.3": (None, "Llama 3.3 Community License"),
    "llama4": (None, "Llama 4 Community License"),
    "gemma": (None, "Gemma Terms of Use"),
}


# --- Hugging Face cards -----------------------------------------------------


def hf_card_id(url: str) -> tuple[str, str] | None:
    """("model" | "dataset", "owner/name") for a huggingface.co card URL, else None."""
    parts = urlsplit(url if "://" in url else "https://" + url)
    if (parts.hostname or "").lower().removeprefix("www.") != "huggingface.co":
        return None
    segs = [s for s in parts.path.split("/") if s]
    if len(segs) >= 3 and segs[0] == "datasets":
        return "dataset", f"{segs[1]}/{segs[2]}"
    if len(segs) >= 2 and segs[0] not in HF_SECTIONS and segs[0] != "datasets":
        return "model", f"{segs[0]}/{segs[1]}"
    return None


async def fetch_hf_card(http: HttpClient, tally: Tally, url: str, hub: str, card: tuple[str, str]) -> SourceDocument:
    kind, repo_id = card
    prefix = "datasets/" if kind == "dataset" else ""
    hub = hub.rstrip("/")
    response = require_ok(await http.get(f"{hub}/{prefix}{repo_id}/raw/main/README.md", tally,
                                         {"Accept": "text/plain, text/markdown, */*;q=0.1"}),
                          f"{kind} card {repo_id}")
    text = response.text()
    meta = await hf_api_dates(http, tally, f"{hub}/api/{kind}s/{repo_id}")
    license = card_license(text, "data" if kind == "dataset" else "weights")
    return SourceDocument(
        url=f"https://huggingface.co/{prefix}{repo_id}",
        kind="model_card" if kind == "model" else "page",
        title=repo_id,
        repo=repo_id,
        dates=meta,
        license=license,
        text=text,
    )


async def hf_api_dates(http: HttpClient, tally: Tally, api_url: str) -> SourceDates:
    """Creation and last-change dates from the Hub API; the card itself carries none."""
    try:
        response = await http.get(api_url, tally, {"Accept": "application/json"})
        data = response.json() if response.status == 200 else {}
    except (FetchFailed, ValueError):
        return SourceDates()
    if not isinstance(data, dict):
        return SourceDates()
    return SourceDates(created=data.get("createdAt"), updated=data.get("lastModified"))


def front_matter(text: str) -> dict[str, Any]:
    found = re.match(r"\A\ufeff?---\s*\n(.*?)\n---\s*(\n|\Z)", text, re.S)
    if not found:
        return {}
    try:
        data = yaml.safe_load(found.group(1))
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}


def card_license(text: str, applies_to: Literal["weights", "data"]) -> LicenseInfo | list[LicenseInfo]:
    """The card's ``license:`` (and ``license_name:``) front matter; "none found" when it states none."""
    meta = front_matter(text)
    ids = meta.get("license")
    ids = [ids] if isinstance(ids, str) else [i for i in ids or [] if isinstance(i, str)]
    if not ids:
        return LicenseInfo(spdx=None, name="none found")
    extra = {"link": str(meta["license_link"])} if meta.get("license_link") else {}
    found = []
    for raw in ids:
        key = raw.strip().lower()
        if key == "other":
            spdx, name = None, str(meta.get("license_name") or meta.get("license_link") or "other")
        else:
            spdx, name = HF_LICENSES.get(key, (None, raw.strip()))
        found.append(LicenseInfo(spdx=spdx, name=name, applies_to=applies_to, **extra))
    return found[0] if len(found) == 1 else found


# --- ordinary pages -----------------------------------------------------------


async def fetch_page(http: HttpClient, tally: Tally, url: str) -> SourceDocument:
    response = require_ok(await http.get(url, tally, {"Accept": ACCEPT_PAGE}), "page")
    aliases = [response.url] if response.url != url else []
    if is_html(response.content_type, response.body):
        soup = BeautifulSoup(response.body, "lxml")
        dates = page_dates(soup, url)
        kind = page_kind(url, soup)
        title = page_title(soup)
        text = html_to_text(soup)
    elif response.content_type.endswith("json"):
        dates, kind, title = SourceDates(), "page", None
        text = json.dumps(response.json(), ensure_ascii=False, indent=2)
    else:
        dates, kind, title = SourceDates(published=url_date(url)), page_kind(url, None), None
        text = response.text()
    return SourceDocument(url=url, kind=kind, title=title, dates=dates, text=text, aliases=aliases)


def is_html(content_type: str, body: bytes) -> bool:
    if content_type in ("text/html", "application/xhtml+xml"):
        return True
    # No declared type: sniff, as browsers do.
    return content_type == "" and body.lstrip()[:1] == b"<"


def page_kind(url: str, soup: BeautifulSoup | None) -> SourceKind:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower().removeprefix("www.")
    path = parts.path.lower()
    if any(host == h or host.endswith("." + h) for h in PAPER_HOSTS) or re.search(r"/(abs|pdf)/\d", path):
        return "paper"
    if soup is not None and soup.find("meta", attrs={"name": "citation_title"}):
        return "paper"
    if host.startswith("blog.") or any(host == h or host.endswith("." + h) for h in BLOG_HOSTS) or \
            re.search(r"/(blog|posts?|news|articles?)(/|$)", path):
        return "blog"
    if soup is not None and meta_content(soup, ("og:type",)) == "article":
        return "blog"
    return "page"


def page_title(soup: BeautifulSoup) -> str | None:
    title = meta_content(soup, ("og:title", "citation_title", "twitter:title"))
    if not title and soup.title and soup.title.string:
        title = soup.title.string
    heading = soup.find("h1")
    if not title and heading is not None:
        title = heading.get_text()
    return " ".join(title.split()) if title else None


def meta_content(soup: BeautifulSoup, names: tuple[str, ...]) -> str | None:
    """The first non-empty ``<meta>`` content among ``names`` (matched on property, name or itemprop)."""
    wanted = {n.lower(): i for i, n in enumerate(names)}
    best: tuple[int, str] | None = None
    for tag in soup.find_all("meta"):
        key = str(tag.get("property") or tag.get("name") or tag.get("itemprop") or "").lower()
        content = str(tag.get("content") or "").strip()
        if key in wanted and content and (best is None or wanted[key] < best[0]):
            best = (wanted[key], content)
    return best[1] if best else None


def page_dates(soup: BeautifulSoup, url: str) -> SourceDates:
    """Published/updated dates: meta tags, then JSON-LD, then ``<time>``, then a /YYYY/MM/DD/ URL."""
    ld = json_ld(soup)
    published = iso_date(meta_content(soup, PUBLISHED_META)) or iso_date(ld.get("datePublished"))
    updated = iso_date(meta_content(soup, UPDATED_META)) or iso_date(ld.get("dateModified"))
    if not published:
        scope = soup.find("article") or soup.find("main") or soup
        for time in scope.find_all("time"):
            published = iso_date(time.get("datetime")) or iso_date(time.get_text())
            if published:
                break
    return SourceDates(published=published or url_date(url), updated=updated)


def json_ld(soup: BeautifulSoup) -> dict[str, Any]:
    for script in soup.find_all("script", attrs={"type": "application/ld+json"}):
        try:
            data = json.loads(script.string or "")
        except ValueError:
            continue
        items = data if isinstance(data, list) else data.get("@graph", [data]) if isinstance(data, dict) else []
        for item in items:
            if isinstance(item, dict) and ("datePublished" in item or "dateModified" in item):
                return item
    return {}


def iso_date(value: object) -> str | None:
    """An ISO date or datetime from the usual spellings (2026-09-18, 2026/9/18, 2026-09-18T08:00Z)."""
    if not isinstance(value, str):
        return None
    value = value.strip()
    if re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", value):
        return value
    found = re.match(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b", value)
    if not found:
        return None
    year, month, day = (int(g) for g in found.groups())
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def url_date(url: str) -> str | None:
    found = re.search(r"/(20\d{2})/(\d{1,2})/(\d{1,2})/", urlsplit(url).path)
    return iso_date("-".join(found.groups())) if found else None


def html_to_text(soup: BeautifulSoup) -> str:
    for tag in soup.find_all(DROP):
        tag.decompose()
    root = soup.find("article") or soup.find("main") or soup.body or soup
    out: list[str] = []
    render_blocks(root, out)
    return "\n\n".join(block for block in out if block.strip())


def render_blocks(element: Tag, out: list[str]) -> None:
    """Append the blocks under ``element`` to ``out``; inline runs between blocks become paragraphs."""
    run: list[str] = []

    def flush() -> None:
        text = collapse("".join(run))
        if text:
            out.append(text)
        run.clear()

    for child in element.children:
        if isinstance(child, Comment):
            continue
        if isinstance(child, NavigableString):
            run.append(spaces(str(child)))
            continue
        if not isinstance(child, Tag):
            continue
        if child.name not in BLOCKS and not child.find(list(BLOCKS)):
            run.append(inline(child))
            continue
        flush()
        render_block(child, out)
    flush()


def render_block(tag: Tag, out: list[str]) -> None:
    name = tag.name
    if name in HEADINGS:
        out.append("#" * HEADINGS[name] + " " + collapse(inline(tag)))
    elif name in ("ul", "ol"):
        out.append("\n".join(list_lines(tag, 0)))
    elif name == "table":
        out.append("\n".join(table_rows(tag)))
    elif name == "pre":
        out.append("```\n" + tag.get_text().strip("\n") + "\n```")
    elif name == "blockquote":
        inner: list[str] = []
        render_blocks(tag, inner)
        out.append("\n".join("> " + line for block in inner for line in block.splitlines()))
    elif name == "hr":
        return
    else:
        render_blocks(tag, out)


def list_lines(tag: Tag, depth: int) -> list[str]:
    lines = []
    for number, item in enumerate(tag.find_all("li", recursive=False), start=1):
        nested = [sub for sub in item.find_all(["ul", "ol"]) if sub.find_parent("li") is item]
        own = "".join(inline(c) if isinstance(c, Tag) else spaces(str(c)) for c in item.children
                      if not (isinstance(c, Tag) and c in nested) and not isinstance(c, Comment))
        marker = f"{number}." if tag.name == "ol" else "-"
        lines.append("  " * depth + f"{marker} {collapse(own)}")
        for sub in nested:
            lines.extend(list_lines(sub, depth + 1))
    return lines


def table_rows(table: Tag) -> list[str]:
    rows = []
    for row in table.find_all("tr"):
        if row.find_parent("table") is not table:
            continue
        cells = [collapse(inline(cell)).replace("|", "\\|") for cell in row.find_all(["th", "td"], recursive=False)]
        if cells:
            rows.append("| " + " | ".join(cells) + " |")
    return rows


def inline(tag: Tag) -> str:
    """Inline text, with ``code`` kept in backticks and ``<br>`` as a line break."""
    if tag.name == "br":
        return BREAK
    if tag.name == "code":
        return f"`{tag.get_text()}`"
    if tag.name == "img":
        return str(tag.get("alt") or "")
    parts = []
    for child in tag.children:
        if isinstance(child, Comment):
            continue
        parts.append(inline(child) if isinstance(child, Tag) else spaces(str(child)))
    return "".join(parts)


def spaces(text: str) -> str:
    """Source line breaks in HTML text are just spaces; only ``<br>`` breaks a line."""
    return re.sub(r"\s+", " ", text)


def collapse(text: str) -> str:
    lines = [" ".join(line.split()) for line in text.split(BREAK)]
    return "\n".join(line for line in lines if line)
