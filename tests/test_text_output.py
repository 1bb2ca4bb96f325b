"""Output a person can act on: per-severity counts, colour only on a terminal, the
flagged words marked under their line (right for wide CJK characters), Vale's
--output=JSON refused with a pointer to --format, SARIF snippets from the file,
and rdjsonl suggestions where a value is replaced exactly."""
from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

from factcheck.models import Finding, Report, Stats
from factcheck.output import render
from factcheck.output.excerpt import cells, excerpt, focus

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "tests" / "data" / "probe"
ANSI = re.compile(r"\x1b\[[0-9;]*m")

LINE = "本期 SGLang 0.5.20 于 9/15 发布，vLLM 在交互性上达到 180 tok/s/user，同时吞吐达到 5,000 tok/s/gpu。"


def finding(message: str, suggestion: str | None = None, sev: str = "error", line: int = 3) -> Finding:
    return Finding(line=line, column=1, end_line=line, end_column=len(LINE) + 1, sentence=LINE,
                   category="release-date", severity=sev, message=message, suggestion=suggestion).with_id()


DRAFT = "# 周报\n\n" + LINE + "\n"


def test_caret_sits_under_the_flagged_words_in_display_cells():
    f = finding("The source was published on 2026-09-18, not 2026-09-15 (“9/15”).", "9/18")
    out = render(Report(draft="d.md", findings=[f]), "text", DRAFT, "d.md").splitlines()
    shown, marks = out[1], out[2]
    assert shown.startswith("     3 | ") and marks.startswith("       | ")
    text, carets = shown[len("     3 | "):], marks[len("       | "):]
    at = text.index("9/15")
    assert cells(text[:at]) == len(carets) - len(carets.lstrip(" "))  # wide 本期 counts two columns each
    assert carets.strip() == "^^^^"


def test_a_long_chinese_line_is_shown_around_the_flagged_words():
    long_line = "前文" * 100 + "同一配置同时达到了这两个指标。" + "后文" * 50
    start = long_line.index("同一")
    shown = excerpt(long_line, start, start + len("同一配置同时达到了这两个指标。"))
    assert shown.text.startswith("…") and shown.text.endswith("…")
    assert cells(shown.text) < 140
    pad = len(shown.marks) - len(shown.marks.lstrip(" "))
    assert cells(shown.text[: shown.text.index("同一")]) == pad
    assert len(shown.marks.strip()) == cells("同一配置同时达到了这两个指标。")


def test_without_quoted_words_the_whole_span_is_marked():
    f = finding("Something about this sentence.")
    where = focus(f, DRAFT.split("\n"))
    assert (where.start, where.end, where.narrowed) == (0, len(LINE), False)


def test_counts_per_severity_then_the_summary_line():
    findings = [finding("a", sev="error"), finding("b", sev="warning"), finding("c", sev="warning"),
                finding("d", sev="info")]
    report = Report(draft="d.md", findings=findings, stats=Stats(sentences=1, claims=1))
    out = render(report, "text", DRAFT, "d.md").splitlines()
    assert out[-2] == "1 error, 2 warnings, 1 note"
    assert out[-1].startswith("1 sentences, 1 claims checked")
    zh = render(report.model_copy(update={"lang": "zh"}), "text", DRAFT, "d.md").splitlines()
    assert zh[-2] == "1 个错误、2 个警告、1 条提示"


def test_colour_only_when_asked():
    report = Report(draft="d.md", findings=[finding("x (“9/15”)", "9/18")])
    assert not ANSI.search(render(report, "text", DRAFT, "d.md"))
    coloured = render(report, "text", DRAFT, "d.md", color=True)
    assert ANSI.search(coloured) and ANSI.sub("", coloured) == render(report, "text", DRAFT, "d.md")


def run_in_terminal(args: list[str], env: dict[str, str]) -> str:
    """Run the CLI with stdout on a pseudo-terminal, as a person at a terminal would."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "factcheck", *args], stdout=follower, stderr=subprocess.DEVNULL,
                            env={**os.environ, **env}, close_fds=True)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


def test_terminal_gets_colour_pipe_and_no_color_do_not(tmp_path):
    args = ["check", str(PROBE / "with-errors.md"), "--sources", str(PROBE / "sources"), "--no-checkpoint"]
    env = {"FACTCHECK_CACHE_DIR": str(tmp_path)}
    base = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    tty = run_in_terminal(args, {**env, "TERM": "xterm"})
    assert ANSI.search(tty) and "error" in tty
    plain = run_in_terminal(args, {**env, "NO_COLOR": "1"})
    assert "error" in plain and not ANSI.search(plain)
    piped = subprocess.run([sys.executable, "-m", "factcheck", *args], capture_output=True, text=True,
                           env={**base, **env}, timeout=120)
    assert piped.stdout and not ANSI.search(piped.stdout)


def test_vale_style_output_json_is_refused_naming_format(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "factcheck", "check", str(PROBE / "careful.md"),
                           "--sources", str(PROBE / "sources"), "--output=JSON"], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, env={**os.environ, "FACTCHECK_CACHE_DIR": str(tmp_path)})
    assert proc.returncode == 2 and "--format json" in proc.stderr
    assert not (tmp_path / "JSON").exists()


def test_format_is_case_insensitive(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "factcheck", "check", str(PROBE / "careful.md"),
                           "--sources", str(PROBE / "sources"), "--format", "JSON", "--no-checkpoint"],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "FACTCHECK_CACHE_DIR": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    assert "findings" in json.loads(proc.stdout)


def test_sarif_snippet_is_the_files_own_text():
    f = finding("x").model_copy(update={"sentence": "a sentence rebuilt by the parser"})
    sarif = json.loads(render(Report(draft="d.md", findings=[f]), "sarif", DRAFT, "d.md"))
    region = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region["snippet"]["text"] == LINE


def test_rdjsonl_suggests_an_exact_value_replacement():
    f = finding("The source was published on 2026-09-18, not 2026-09-15 (“9/15”).", "9/18")
    [row] = [json.loads(x) for x in render(Report(draft="d.md", findings=[f]), "rdjsonl", DRAFT, "d.md").splitlines()]
    [s] = row["suggestions"]
    at = len(LINE[: LINE.index("9/15")].encode()) + 1  # reviewdog columns are UTF-8 bytes
    assert s == {"range": {"start": {"line": 3, "column": at}, "end": {"line": 3, "column": at + 4}}, "text": "9/18"}
    described = finding("The source reports a range, 5.2%~7.7%; “7.7%” gives only its top.",
                        "state the range 5.2%~7.7% and the conditions it was measured under")
    [row] = [json.loads(x) for x in render(Report(draft="d.md", findings=[described]), "rdjsonl", DRAFT,
                                           "d.md").splitlines()]
    assert "suggestions" not in row and "state the range" in row["message"]
