"""Inline suppression comments and the baseline file."""
from __future__ import annotations

import json

import pytest

from factcheck.errors import InputError
from factcheck.models import Evidence, Finding, Report, Stats
from factcheck.output import render
from factcheck.suppress import apply_suppressions, baseline_from, load_baseline, write_baseline

PATH = "drafts/w.md"


def make(line: int, category: str, sentence: str, severity: str = "warning") -> Finding:
    return Finding(line=line, column=1, end_line=line, sentence=sentence, category=category,
                   severity=severity, message=f"{category} on line {line}",
                   evidence=[Evidence(url="https://github.com/o/r/pull/1", quote="q")]).with_id()


def report_for(draft: str, specs: list[tuple[int, str]]) -> Report:
    lines = draft.split("\n")
    return Report(draft=PATH, findings=[make(n, c, lines[n - 1]) for n, c in specs],
                  stats=Stats(sentences=10, claims=6))


DRAFT = """# 周报

<!-- factcheck-disable-next-line overstatement -->

所有 GPU 上吞吐提高了 10.21%。🚀

同一句的第二种问题：提高了 3.4 倍。

<!-- factcheck off -->
License is MIT for the weights.
Released this week for the first time.
<!-- factcheck on -->

After the region: 37.7 t/s on every GPU.
"""


def test_next_line_and_region_suppress_only_what_they_name():
    report = report_for(DRAFT, [(5, "overstatement"), (5, "unsupported"), (7, "metric-conflation"),
                                (10, "license"), (11, "release-date"), (14, "overstatement")])
    out = apply_suppressions(report, DRAFT, None)
    kept = {(f.line, f.category) for f in out.findings}
    assert kept == {(5, "unsupported"), (7, "metric-conflation"), (14, "overstatement")}
    assert {(f.line, f.category) for f in out.suppressed} == {(5, "overstatement"), (10, "license"),
                                                              (11, "release-date")}
    assert out.stats.suppressed == 3
    assert {f.suppressed_by for f in out.suppressed} == {f"inline {PATH}:3", f"inline {PATH}:9"}
    assert out.notes == []
    assert render(out, "text", DRAFT, PATH).splitlines()[-1].endswith("3 suppressed")


def test_a_suppression_that_matches_nothing_is_reported():
    report = report_for(DRAFT, [(5, "unsupported")])
    out = apply_suppressions(report, DRAFT, None)
    assert out.findings == report.findings
    assert any("line 3:" in n and "matched no finding" in n for n in out.notes)
    assert any("line 9:" in n and "factcheck off" in n for n in out.notes)
    text = render(out, "text", DRAFT, PATH)
    assert f"{PATH}: note: line 3: suppression" in text


def test_off_with_categories_and_partial_on():
    draft = "\n".join([
        "<!-- factcheck off -->",           # 1
        "a",                                 # 2
        "<!-- factcheck on license -->",     # 3
        "b",                                 # 4
        "<!-- factcheck on -->",             # 5
        "c",                                 # 6
        "<!-- factcheck off release-date, license -->",  # 7
        "d",                                 # 8
    ])
    report = report_for(draft, [(2, "license"), (4, "license"), (4, "overstatement"), (6, "overstatement"),
                                (8, "license"), (8, "unsupported")])
    out = apply_suppressions(report, draft, None)
    assert {(f.line, f.category) for f in out.findings} == {(4, "license"), (6, "overstatement"),
                                                           (8, "unsupported")}


def test_comments_in_code_fences_are_text_and_unknown_category_is_an_input_error():
    fenced = "```\n<!-- factcheck off -->\n```\nclaim\n"
    report = report_for(fenced, [(4, "overstatement")])
    assert apply_suppressions(report, fenced, None).findings == report.findings
    bad = "x\n<!-- factcheck-disable-next-line overstatment -->\nclaim\n"
    with pytest.raises(InputError) as err:
        apply_suppressions(report_for(bad, [(3, "overstatement")]), bad, None)
    assert str(err.value).startswith(f"{PATH}:2: unknown category 'overstatment'")


def test_not_a_directive_is_noted():
    draft = "<!-- factcheck disable -->\nclaim\n"
    out = apply_suppressions(report_for(draft, [(2, "license")]), draft, None)
    assert len(out.findings) == 1
    assert "is not a factcheck directive" in out.notes[0]


def test_multi_line_finding_is_covered_by_a_line_inside_it():
    draft = "<!-- factcheck-disable-next-line -->\nfirst half\nsecond half\n"
    finding = make(1, "overstatement", "first half second half").model_copy(update={"line": 2, "end_line": 3})
    out = apply_suppressions(Report(draft=PATH, findings=[finding]), draft, None)
    assert out.findings == [] and out.stats.suppressed == 1


def test_baseline_round_trip_keeps_new_findings_failing(tmp_path):
    draft = "Claim one.\n\nClaim two.\n"
    first = report_for(draft, [(1, "overstatement"), (3, "license")])
    path = tmp_path / ".factcheck-baseline.json"
    write_baseline(baseline_from([first]), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [e["id"] for e in data["entries"]] == [f.id for f in first.findings]
    assert data["entries"][0]["draft"] == PATH

    # The accepted sentence moves down and a new one is added above it.
    moved = "New claim.\n\nClaim one.\n\nClaim two.\n"
    second = report_for(moved, [(1, "unsupported"), (3, "overstatement"), (5, "license")])
    out = apply_suppressions(second, moved, load_baseline(path))
    assert [(f.line, f.category) for f in out.findings] == [(1, "unsupported")]
    assert out.stats.suppressed == 2
    assert all(f.suppressed_by == "baseline" for f in out.suppressed)
    assert out.notes == []

    # Reworded: same category, different sentence -> a new finding, and the entry is stale.
    reworded = "Claim one, reworded.\n\nClaim two.\n"
    third = report_for(reworded, [(1, "overstatement"), (3, "license")])
    out = apply_suppressions(third, reworded, load_baseline(path))
    assert [(f.line, f.category) for f in out.findings] == [(1, "overstatement")]
    assert any("1 baseline entry for this draft matched no finding" in n for n in out.notes)


def test_bad_baseline_files_are_input_errors(tmp_path):
    broken = tmp_path / "b.json"
    broken.write_text('{\n  "entries": [\n', encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_baseline(broken)
    assert str(err.value).startswith(f"{broken}:3: not JSON")
    wrong = tmp_path / "w.json"
    wrong.write_text('{"entries": [{"id": 1}]}', encoding="utf-8")
    with pytest.raises(InputError, match="not a factcheck baseline"):
        load_baseline(wrong)
    with pytest.raises(InputError, match="cannot read baseline"):
        load_baseline(tmp_path / "missing.json")
