#!/usr/bin/env python3
"""Run the mutation benchmark: recall per mutation kind, and how often unmutated originals are flagged.

    python benchmarks/mutants/run.py --cmd "factcheck check"
    python benchmarks/mutants/run.py --kind license-swap --lang zh
    python benchmarks/mutants/run.py --json results.json --keep /tmp/mutant-drafts

Every base sentence and every mutant is placed in its own section (a heading, the
sentence, and its own Sources:/来源： line), so lines are independent. Sections are
batched into drafts, one draft per (source folder, front matter, round), where round 0
holds the originals and round k the k-th mutant of each base: no draft holds two
variants of the same base, so a mutant can never be "contradicted" by its own original.
Originals and mutants are written and checked in exactly the same way:

    CMD DRAFT --sources FOLDER --format json

A mutant is caught when a finding of severity warning or error covers its line;
caught with an accepted category when one of those findings has a category the
mutant lists as expected.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generate as gen  # noqa: E402

COUNTED = {"warning", "error"}
MAX_SECTIONS = 120


def build_draft(items: list[dict], bases: dict, window: str | None, repos: dict | None) -> tuple[str, dict]:
    """The draft text and {line number: item id}."""
    lines: list[str] = ["---", "title: factcheck mutation benchmark"]
    if window:
        lines.append(f"window: {window}")
    if repos:
        lines.append("repos: {" + ", ".join(f"{k}: {v}" for k, v in repos.items()) + "}")
    lines += ["---", ""]
    where = {}
    for n, it in enumerate(items, 1):
        b = bases[it["base"]]
        heading = b.get("heading") or (f"第 {n} 条" if b["lang"] == "zh" else f"Item {n}")
        lines += [f"## {heading}", ""]
        where[len(lines) + 1] = it["id"]
        lines += [it["text"], ""]
        urls = [u for u in b["cite"]]
        if b["lang"] == "zh":
            lines += ["来源：" + "、".join(f"[{_label(u)}]({u})" for u in urls), ""]
        else:
            lines += ["Sources: " + ", ".join(f"[{_label(u)}]({u})" for u in urls), ""]
    return "\n".join(lines), where


def _label(url: str) -> str:
    parts = url.rstrip("/").split("/")
    if len(parts) >= 2 and parts[-2] in ("pull", "issues"):
        return f"#{parts[-1]}"
    return parts[-1] or url


def _doc_urls(folder: str) -> set[str]:
    urls = set()
    for d in gen.load_docs(gen.ROOT / folder):
        urls.add(gen._norm_url(d["url"]))
        urls.update(gen._norm_url(a) for a in d.get("aliases") or [])
    return urls


def buckets(bases: list[dict]) -> dict[str, tuple]:
    """Source folders that can share one draft: same front matter, and no URL that two of
    them answer (so every cited URL still resolves to the one document it was checked
    against). Returns {folder: bucket key}."""
    by_fm = defaultdict(list)
    for b in bases:
        fm = (b.get("window") or "", json.dumps(b.get("repos") or {}, sort_keys=True))
        if b["sources"] not in by_fm[fm]:
            by_fm[fm].append(b["sources"])
    out = {}
    for fm, folders in sorted(by_fm.items()):
        packed: list[tuple[list[str], set[str]]] = []
        for f in sorted(folders):
            urls = _doc_urls(f)
            for members, seen in packed:
                if not (urls & seen):
                    members.append(f)
                    seen.update(urls)
                    break
            else:
                packed.append(([f], set(urls)))
        for i, (members, _) in enumerate(packed):
            for f in members:
                out[f] = fm + (i,)
    return out


def plan(bases: list[dict], mutants: list[dict]) -> list[dict]:
    """Batches: [{sources: [folders], window, repos, round, items}].
    Round 0 holds the originals, round k the k-th mutant of each base."""
    per_base = defaultdict(list)
    for m in mutants:
        per_base[m["base"]].append(m)
    where = buckets(bases)
    groups = defaultdict(lambda: defaultdict(list))   # bucket -> round -> items
    folders = defaultdict(set)
    for b in bases:
        # a base in a project's own voice ("我们发现…") is batched apart: in one draft, its first person
        # would make every other base's sentence the project's own words too
        key = where[b["sources"]] + (b.get("voice") or "",)
        folders[key].add(b["sources"])
        original = {"id": b["id"], "base": b["id"], "lang": b["lang"], "kind": "original",
                    "sub": "", "text": b["text"], "expected": []}
        groups[key][0].append(original)
        for r, m in enumerate(per_base[b["id"]], 1):
            groups[key][r].append(m)
    batches = []
    for key, rounds in sorted(groups.items()):
        window, repos, _, _ = key
        for r in sorted(rounds):
            items = rounds[r]
            for i in range(0, len(items), MAX_SECTIONS):
                batches.append({"sources": sorted(folders[key]), "window": window or None,
                                "repos": json.loads(repos) or None, "round": r,
                                "items": items[i:i + MAX_SECTIONS]})
    return batches


def sources_dir(folders: list[str], workdir: Path) -> Path:
    """One folder: itself. Several: a folder holding a copy of each (the checker reads
    every *.json under --sources recursively)."""
    if len(folders) == 1:
        return gen.ROOT / folders[0]
    name = "sources-" + "+".join(f.replace("/", "_") for f in folders)
    name = name if len(name) < 200 else "sources-" + hashlib.sha1("\n".join(folders).encode()).hexdigest()[:12]
    target = workdir / name
    if not target.exists():
        for i, f in enumerate(folders):
            shutil.copytree(gen.ROOT / f, target / f"{i:02d}-{Path(f).parent.name}")
    return target


def run_batch(cmd: list[str], batch: dict, bases: dict, workdir: Path, n: int) -> dict:
    text, where = build_draft(batch["items"], bases, batch["window"], batch["repos"])
    draft = workdir / f"batch-{n:03d}-r{batch['round']}.md"
    draft.write_text(text, encoding="utf-8")
    argv = cmd + [str(draft), "--sources", str(batch["sources_dir"]), "--format", "json"]
    t0 = time.time()
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=900, cwd=gen.ROOT)
    wall = time.time() - t0
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr[-2000:]}")
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise RuntimeError(f"{' '.join(argv)} printed no report (exit {proc.returncode}): {proc.stderr[-2000:]}")
    found = defaultdict(list)
    for f in report.get("findings", []):
        start = f.get("line", 0)
        end = f.get("end_line") or start
        for line, item_id in where.items():
            if start <= line <= end:
                found[item_id].append(f)
    return {"draft": str(draft), "found": found, "wall": wall}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cmd", default="factcheck check", help='checker command (default: "factcheck check")')
    ap.add_argument("--kind", action="append", help="only these mutation kinds (repeatable)")
    ap.add_argument("--lang", choices=["zh", "en"], help="only bases in this language")
    ap.add_argument("--seed", type=int, default=gen.SEED)
    ap.add_argument("--jobs", type=int, default=2, help="drafts checked in parallel (default 2)")
    ap.add_argument("--json", metavar="FILE", help="write every item with its findings to FILE")
    ap.add_argument("--keep", metavar="DIR", help="keep the generated drafts in DIR")
    ap.add_argument("--list-missed", action="store_true", help="print every missed mutant")
    args = ap.parse_args(argv)

    bases = gen.load_bases()
    problems = gen.validate(bases)
    if problems:
        for p in problems:
            print("base problem:", p, file=sys.stderr)
        return 2
    if args.lang:
        bases = [b for b in bases if b["lang"] == args.lang]
    mutants = gen.generate(bases, args.seed)
    if args.kind:
        unknown = set(args.kind) - set(gen.KINDS)
        if unknown:
            ap.error(f"unknown kind(s) {sorted(unknown)}; kinds: {', '.join(gen.KINDS)}")
        mutants = [m for m in mutants if m["kind"] in args.kind]
        keep = {m["base"] for m in mutants}
        bases = [b for b in bases if b["id"] in keep]
    by_id = {b["id"]: b for b in bases}
    batches = plan(bases, mutants)

    cmd = shlex.split(args.cmd)
    workdir = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="factcheck-mutants-"))
    workdir.mkdir(parents=True, exist_ok=True)
    for batch in batches:   # prepared before the parallel runs: shared folders are built once
        batch["sources_dir"] = sources_dir(batch["sources"], workdir)
    t0 = time.time()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda nb: run_batch(cmd, nb[1], by_id, workdir, nb[0]), enumerate(batches)))
    wall = time.time() - t0

    items = []
    for batch, res in zip(batches, results):
        for it in batch["items"]:
            fs = [f for f in res["found"].get(it["id"], []) if f.get("severity") in COUNTED]
            it = dict(it)
            it["flagged"] = bool(fs)
            it["caught"] = any(f.get("category") in it["expected"] for f in fs)
            it["findings"] = [{k: f.get(k) for k in ("line", "category", "severity", "message", "check")}
                              for f in res["found"].get(it["id"], [])]
            it["draft"] = res["draft"]
            items.append(it)

    originals = [i for i in items if i["kind"] == "original"]
    muts = [i for i in items if i["kind"] != "original"]
    print(f"bases {len(originals)} (zh {sum(i['lang'] == 'zh' for i in originals)}, "
          f"en {sum(i['lang'] == 'en' for i in originals)}), mutants {len(muts)}, "
          f"drafts {len(batches)}, wall {wall:.1f}s")
    print()
    print(f"{'kind':18s} {'mutants':>7s} {'caught':>7s} {'any-cat':>7s} {'recall':>7s} {'recall-any':>10s}   zh / en recall")
    for k in gen.KINDS:
        ms = [m for m in muts if m["kind"] == k]
        if not ms:
            continue
        c = sum(m["caught"] for m in ms)
        a = sum(m["flagged"] for m in ms)
        per = []
        for lang in ("zh", "en"):
            ls = [m for m in ms if m["lang"] == lang]
            per.append(f"{sum(m['caught'] for m in ls) / len(ls):.2f} ({len(ls)})" if ls else "  -   ")
        print(f"{k:18s} {len(ms):7d} {c:7d} {a:7d} {c / len(ms):7.3f} {a / len(ms):10.3f}   {per[0]} / {per[1]}")
    if muts:
        c = sum(m["caught"] for m in muts)
        a = sum(m["flagged"] for m in muts)
        print(f"{'all':18s} {len(muts):7d} {c:7d} {a:7d} {c / len(muts):7.3f} {a / len(muts):10.3f}")
    print()
    subs = defaultdict(list)
    for m in muts:
        subs[(m["kind"], m["sub"])].append(m)
    print("by operator (kind / slot:operator): caught/mutants")
    print("  " + "; ".join(f"{s}: {sum(m['caught'] for m in ms)}/{len(ms)}" for (k, s), ms in sorted(subs.items())))
    print()
    flagged = [o for o in originals if o["flagged"]]
    share = len(flagged) / len(originals) if originals else 0.0
    print(f"originals: {len(originals)}, drawing a warning or error: {len(flagged)} ({share:.1%})")
    for o in flagged:
        for f in o["findings"]:
            if f["severity"] in COUNTED:
                print(f"  {o['id']}: {f['severity']} {f['category']}: {f['message']}")
                print(f"      sentence: {o['text']}")
    if args.list_missed:
        print()
        print("missed mutants:")
        for m in muts:
            if not m["caught"]:
                got = ", ".join(sorted({f['category'] for f in m['findings'] if f['severity'] in COUNTED})) or "nothing"
                print(f"  {m['id']} [{m['kind']} {m['sub']}] expected {m['expected']}, got {got}")
                print(f"      {m['text']}")
    if args.json:
        Path(args.json).write_text(json.dumps({"items": items, "wall_s": wall}, ensure_ascii=False, indent=1),
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
