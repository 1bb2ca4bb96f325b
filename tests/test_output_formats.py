"""Renderers on a hand-built report whose draft mixes 中文, emoji and English."""
from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from factcheck.models import Report
from factcheck.output import FORMATS, render
from factcheck.output.many import Checked, render_many
from output_samples import CONFLATION, DRAFT, OVERSTATEMENT, RELEASE, sample_report

PATH = "drafts/weekly.md"
SCHEMA = json.loads((Path(__file__).parent / "schemas" / "sarif-2.1.0.json").read_text(encoding="utf-8"))


def test_every_format_is_registered_and_renders():
    assert {"text", "json", "sarif", "github", "rdjsonl", "markdown", "html"} <= set(FORMATS)
    for fmt in FORMATS:
        assert render(sample_report(), fmt, DRAFT, PATH).strip()


# --- text ------------------------------------------------------------------


def test_text_lines_columns_evidence_and_summary():
    out = render(sample_report(), "text", DRAFT, PATH).splitlines()
    # 🚀 (1 code point) + " vLLM 的 PR " puts the overstatement at column 13.
    assert out[0].startswith(f"{PATH}:8:13: error overstatement: The source reports a range")
    assert DRAFT.split("\n")[7][12:].startswith("把输出吞吐")
    # the draft line, then carets under the flagged words
    assert out[1].startswith("     8 | ") and "把输出吞吐" in out[1]
    assert out[2].startswith("       | ") and out[2].strip(" |").startswith("^")
    assert out[3] == "    > Output throughput: -0.38% .. +10.21% (MI300X, TP8)"
    assert out[4] == "      https://github.com/vllm-project/vllm/pull/56893"
    assert out[5].startswith("    suggestion: 把输出吞吐最多")
    assert any(line.startswith(f"{PATH}:10:36: warning metric-conflation:") for line in out)
    assert out[-2] == "1 error, 1 warning, 1 note"
    assert out[-1] == "7 sentences, 5 claims checked, 1 could not be checked, 0 suppressed"


def test_text_says_notes_and_never_passes_silently():
    clean = Report(draft=PATH, notes=["line 3: suppression '<!-- factcheck off -->' matched no finding"])
    out = render(clean, "text", "", PATH).splitlines()
    assert out == [f"{PATH}: note: line 3: suppression '<!-- factcheck off -->' matched no finding",
                   "0 errors, 0 warnings, 0 notes",
                   "0 sentences, 0 claims checked, 0 could not be checked, 0 suppressed"]


# --- SARIF -----------------------------------------------------------------


def test_sarif_validates_against_the_2_1_0_schema():
    log = json.loads(render(sample_report(), "sarif", DRAFT, PATH))
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    # and the schema is not vacuous: a wrong level is rejected
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(SCHEMA).validate(log)


def test_sarif_rules_regions_levels_fingerprints():
    report = sample_report()
    run = json.loads(render(report, "sarif", DRAFT, PATH))["runs"][0]
    assert run["columnKind"] == "unicodeCodePoints"
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["overstatement", "metric-conflation", "license", "release-date", "unsupported"]
    assert all(r["shortDescription"]["text"] and r["fullDescription"]["text"] and r["help"]["text"] for r in rules)
    by_rule = {r["ruleId"]: r for r in run["results"]}
    over = by_rule["overstatement"]
    region = over["locations"][0]["physicalLocation"]["region"]
    line = DRAFT.split("\n")[7]
    assert line[region["startColumn"] - 1: region["endColumn"] - 1] == OVERSTATEMENT
    assert (region["startLine"], region["endLine"]) == (8, 8)
    assert over["level"] == "error" and by_rule["metric-conflation"]["level"] == "warning"
    assert by_rule["release-date"]["level"] == "note"
    # end_column None -> end of line, in code points
    rel = by_rule["release-date"]["locations"][0]["physicalLocation"]["region"]
    assert rel["endColumn"] == len(RELEASE) + 1
    assert over["partialFingerprints"]["factcheckFindingId/v1"] == report.findings[0].id
    assert rules[over["ruleIndex"]]["id"] == "overstatement"
    assert "Output throughput: -0.38% .. +10.21%" in over["message"]["text"]
    assert over["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == PATH


def test_sarif_many_drafts_one_run_and_suppressions_marked():
    a = sample_report()
    b = sample_report().model_copy(update={"draft": "drafts/other.md"})
    moved = b.findings.pop(0).model_copy(update={"suppressed_by": "baseline"})
    b.suppressed.append(moved)
    log = json.loads(render_many([Checked(a, DRAFT, PATH), Checked(b, DRAFT, "drafts/other.md")], "sarif"))
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    assert len(log["runs"]) == 1
    results = log["runs"][0]["results"]
    assert len(results) == 6
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris == {PATH, "drafts/other.md"}
    marked = [r for r in results if "suppressions" in r]
    assert len(marked) == 1 and marked[0]["suppressions"][0]["kind"] == "external"


# --- rdjsonl ---------------------------------------------------------------


def test_rdjsonl_columns_are_utf8_bytes():
    rows = [json.loads(line) for line in render(sample_report(), "rdjsonl", DRAFT, PATH).splitlines()]
    assert [r["severity"] for r in rows] == ["ERROR", "WARNING", "INFO"]
    line = DRAFT.split("\n")[7].encode("utf-8")
    start = rows[0]["location"]["range"]["start"]["column"]
    end = rows[0]["location"]["range"]["end"]["column"]
    # 🚀 is 4 bytes and each 汉字 3, so byte columns differ from code points here.
    assert start == len("🚀 vLLM 的 PR ".encode()) + 1 == 18
    assert line[start - 1: end - 1].decode("utf-8") == OVERSTATEMENT
    # an ASCII-only line: bytes == code points
    assert rows[1]["location"]["range"]["start"]["column"] == DRAFT.split("\n")[9].index(CONFLATION) + 1
    assert rows[0]["code"]["value"] == "overstatement"
    assert rows[0]["location"]["path"] == PATH


def test_rdjsonl_offers_a_suggestion_only_for_an_exact_sentence_span():
    rows = [json.loads(line) for line in render(sample_report(), "rdjsonl", DRAFT, PATH).splitlines()]
    assert rows[0]["suggestions"][0]["text"].startswith("把输出吞吐最多")
    assert rows[0]["suggestions"][0]["range"] == rows[0]["location"]["range"]
    report = sample_report()
    report.findings[0] = report.findings[0].model_copy(update={"column": 1})
    rows = [json.loads(line) for line in render(report, "rdjsonl", DRAFT, PATH).splitlines()]
    assert "suggestions" not in rows[0]


# --- github ----------------------------------------------------------------

COMMAND = re.compile(r"^::(error|warning|notice) ([^:]*)::(.*)$")


def unescape(text: str) -> str:
    return text.replace("%0A", "\n").replace("%0D", "\r").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


def parse_commands(out: str) -> list[dict[str, str]]:
    parsed = []
    for line in out.splitlines():
        m = COMMAND.match(line)
        if not m:
            continue
        props = dict(pair.split("=", 1) for pair in m.group(2).split(","))
        props = {k: unescape(v) for k, v in props.items()}
        parsed.append({"level": m.group(1), "message": unescape(m.group(3)), **props})
    return parsed


def test_github_commands_parse_back():
    report = sample_report()
    report.findings[1] = report.findings[1].model_copy(update={"message": "50% of a, b: c\nsecond"})
    out = render(report, "github", DRAFT, "drafts/周报, 第1期.md")
    cmds = parse_commands(out)
    assert [c["level"] for c in cmds] == ["error", "warning", "notice"]
    assert all(c["file"] == "drafts/周报, 第1期.md" for c in cmds)
    assert (cmds[0]["line"], cmds[0]["col"], cmds[0]["endColumn"]) == ("8", "13", str(13 + len(OVERSTATEMENT)))
    assert cmds[0]["title"] == "factcheck overstatement"
    assert cmds[1]["message"].startswith("50% of a, b: c second\nSource: ")
    assert out.splitlines()[-1] == "factcheck: 7 sentences, 5 claims checked, 1 could not be checked, 0 suppressed"


def test_github_caps_ten_per_level_worst_first():
    base = sample_report()
    many = [base.findings[0].model_copy(update={"line": 8, "message": f"error {n}"}) for n in range(13)]
    many += [base.findings[1].model_copy(update={"message": f"warn {n}"}) for n in range(3)]
    report = base.model_copy(update={"findings": many})
    out = render(report, "github", DRAFT, PATH)
    cmds = parse_commands(out)
    assert sum(c["level"] == "error" for c in cmds) == 10
    assert sum(c["level"] == "warning" for c in cmds) == 3
    assert "factcheck: 3 more error finding(s) not annotated" in out


def test_github_step_summary_appends_markdown(tmp_path):
    from factcheck.output.github import append_step_summary

    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    append_step_summary(summary, [Checked(sample_report(), DRAFT, PATH)])
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## factcheck")
    assert "| 8 | 🔴 error | `overstatement` |" in text


# --- markdown --------------------------------------------------------------


def test_markdown_table_escapes_cells():
    out = render(sample_report(), "markdown", DRAFT, PATH)
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    assert rows[0] == "| Line | Severity | Category | Finding | Evidence |"
    assert len(rows) == 4
    # the pipe inside the evidence quote must not open a new column
    release = rows[3]
    assert "50% faster \\| see #15570" in release
    assert len(re.findall(r"(?<!\\)\|", release)) == 6
    assert "[source](https://github.com/Comfy-Org/ComfyUI/pull/15570)" in release
    assert "7 sentences, 5 claims checked, 1 could not be checked, 0 suppressed" in out


def test_markdown_lists_notes_and_suppressed():
    report = sample_report()
    moved = report.findings.pop(0).model_copy(update={"suppressed_by": "inline drafts/weekly.md:7"})
    report.suppressed.append(moved)
    report.stats.suppressed = 1
    report.notes.append("line 3: suppression '<!-- factcheck off -->' matched no finding")
    out = render(report, "markdown", DRAFT, PATH)
    assert "- note: line 3: suppression '&lt;!-- factcheck off --&gt;' matched no finding" in out
    assert "<summary>1 suppressed</summary>" in out
    assert "inline drafts/weekly.md:7" in out
    assert "0 could not be checked" not in out and "1 suppressed" in out
