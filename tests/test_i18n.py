"""Messages in the writer's language: the zh and en catalogs are complete and
current, the language follows the draft unless --lang / FACTCHECK_LANG / the
config key say otherwise, and only human text changes (ids, categories and
quotes stay as they are)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from factcheck.i18n import draft_language, localize, resolve_lang, translator
from factcheck.i18n.catalog import PLACEHOLDER, Translator, po_path
from factcheck.models import CATEGORIES, Finding, Report

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "drafts" / "weekly-2026-09-22-with-errors.md"
EXAMPLE_SOURCES = ROOT / "drafts" / "sources" / "weekly-2026-09-22"
HAN = re.compile(r"[\u4e00-\u9fff]")


def catalog(lang: str):
    with po_path(lang).open("rb") as fh:  # type: ignore[arg-type]
        return read_po(fh, locale=lang)


def entries(lang: str) -> dict:
    return {m.id: m.string for m in catalog(lang) if m.id}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_msgid_is_translated_with_the_same_placeholders(lang):
    found = entries(lang)
    assert len(found) > 100
    for msgid, msgstr in found.items():
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        strs = msgstr if isinstance(msgstr, tuple) else (msgstr,)
        assert all(s.strip() for s in strs), f"{lang}: no translation for {msgid!r}"
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for s in strs:
            assert set(PLACEHOLDER.findall(s)) <= wanted, f"{lang}: {s!r} names a value {msgid!r} does not have"


def test_english_says_what_the_code_says_once():
    # a catalog tool run over a multi-line msgid once wrote its msgstr sixteen times over: "X.X.X…"
    for msgid, msgstr in entries("en").items():
        if isinstance(msgid, str):
            assert msgstr == msgid, msgid


def test_no_translation_repeats_itself():
    for lang in ("zh", "en"):
        for msgid, msgstr in entries(lang).items():
            for s in (msgstr if isinstance(msgstr, tuple) else (msgstr,)):
                half = len(s) // 2
                assert not (len(s) > 40 and s[:half] == s[half:2 * half]), (lang, msgid)


def test_both_catalogs_have_the_same_msgids():
    assert set(entries("zh")) == set(entries("en"))


def test_chinese_is_written_in_chinese():
    for msgid, msgstr in entries("zh").items():
        text = PLACEHOLDER.sub("", msgstr if isinstance(msgstr, str) else msgstr[0])
        if re.search(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", msgid if isinstance(msgid, str) else msgid[0])) \
                and msgid not in {"{right.value}x"}:
            assert HAN.search(text) or not re.search(r"[a-z]{4,}", text), (msgid, msgstr)


def test_catalogs_are_current_with_the_code():
    """Every message the code can show (checks' f-strings, notes, the formats' own words)
    has a catalog entry. When this fails: `make messages`, then translate the new entries."""
    method_map = [("factcheck/**.py", "factcheck.i18n.extract:extract"),
                  ("factcheck/web/templates/**.html", "jinja2")]
    extracted = set()
    for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map=method_map):
        extracted.add(message)
    known = set(entries("zh"))
    missing = sorted(map(str, extracted - known))
    assert not missing, f"not in the catalogs (run `make messages` and translate): {missing}"


def test_a_message_is_parsed_the_way_that_recognises_most_of_it():
    zh = translator("zh")
    said = "The source gives 584 bytes → 528 bytes/token; 512 bytes is its data row size, not the bytes per token (record)."
    assert zh.text(said) == "来源给出的是 584 bytes → 528 bytes/token；512 bytes 是它的数据行大小，不是每 token 字节数（单条记录）。"
    # a value that is itself a message is translated inside the sentence
    assert zh.text("could not check: source not available (https://x.test/a)") == "无法核对：来源无法获取（https://x.test/a）"
    # what the catalog does not know stays as it was, never dropped
    assert zh.text("A sentence no template knows.") == "A sentence no template knows."


def test_translator_placeholders_take_the_values_of_the_english():
    tr = Translator("zh", b'msgid ""\nmsgstr ""\n"Language: zh\\n"\n\nmsgid "The {a} is {b}."\nmsgstr "{b} \xe6\x98\xaf {a}\xe3\x80\x82"\n')
    assert tr.text("The cat is black.") == "black 是 cat。"


def test_language_follows_the_draft():
    assert draft_language("## vLLM 本周更新\n\nvLLM 合入了 PR #123，把 KV 以 FP8 存储，吞吐提升约 7%。") == "zh"
    assert draft_language("## vLLM this week\n\nvLLM merged PR #123, storing the KV cache in FP8 (来源 below).") == "en"
    assert draft_language(EXAMPLE.read_text(encoding="utf-8")) == "zh"
    assert resolve_lang("en", "全是中文的稿子") == "en"
    assert resolve_lang("auto", "全是中文的稿子") == "zh"


def _finding(**kw) -> Finding:
    base = dict(line=3, end_line=3, sentence="s", category="overstatement", severity="warning",
                message="The source gives 1.2x; “1.3x” rounds it up.", suggestion="about 1.2x")
    return Finding(**{**base, **kw}).with_id()


def test_localize_changes_only_human_text():
    report = Report(draft="d.md", findings=[_finding()], notes=["LLM second opinion skipped: no model configured "
                                                                 "(deterministic checks only)."])
    zh = localize(report, "zh")
    [f] = zh.findings
    assert zh.lang == "zh"
    assert f.message == "来源给的是 1.2x，写成“1.3x”是往上凑了。" and f.suggestion == "约 1.2x"
    assert (f.id, f.category, f.severity, f.sentence) == (report.findings[0].id, "overstatement", "warning", "s")
    assert HAN.search(zh.notes[0])
    assert localize(report, "en").findings[0].message == report.findings[0].message


def run(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "factcheck", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, cwd=cwd, timeout=180)


@pytest.fixture(scope="module")
def example_report(tmp_path_factory) -> Report:
    """The bundled example's report, as made (English), computed once for this module."""
    from factcheck.pipeline import check_path
    from factcheck.settings import Settings

    settings = Settings(cache_dir=tmp_path_factory.mktemp("cache"), use_checkpoint=False)
    return check_path(EXAMPLE, settings, sources_dir=EXAMPLE_SOURCES)


@pytest.fixture(scope="module")
def example_runs(example_report):
    return {lang: json.loads(localize(example_report, lang).model_dump_json()) for lang in ("zh", "en")}


def test_every_finding_of_the_example_reads_in_chinese(example_runs):
    zh, en = example_runs["zh"], example_runs["en"]
    assert zh["lang"] == "zh" and en["lang"] == "en"
    assert [(f["id"], f["category"], f["severity"]) for f in zh["findings"]] == \
           [(f["id"], f["category"], f["severity"]) for f in en["findings"]]
    for z, e in zip(zh["findings"], en["findings"]):
        assert z["category"] in CATEGORIES
        assert HAN.search(z["message"]) and z["message"] != e["message"], (z["message"], e["message"])
        assert [ev["quote"] for ev in z["evidence"]] == [ev["quote"] for ev in e["evidence"]]
        if e["suggestion"] and re.search(r"[a-z]{3,} ", e["suggestion"]):
            assert HAN.search(z["suggestion"]), z["suggestion"]
    assert all(HAN.search(n) for n in zh["notes"])


def test_default_is_the_drafts_language_and_env_and_config_override(tmp_path):
    env = {"FACTCHECK_CACHE_DIR": str(tmp_path / "cache")}
    draft = tmp_path / "d.md"
    draft.write_text("## vLLM 本周\n\nvLLM 的吞吐提升了 45%。\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()  # the config search stops here

    def summary(*args: str, extra_env: dict | None = None) -> str:
        proc = run("check", str(draft), "--sources", str(tmp_path), *args, env={**env, **(extra_env or {})},
                   cwd=tmp_path)
        assert proc.returncode in (0, 1), proc.stderr
        return proc.stdout.strip().splitlines()[-1]

    assert summary().startswith("共 ")
    assert summary(extra_env={"FACTCHECK_LANG": "en"}).endswith("suppressed")
    assert summary("--lang", "zh", extra_env={"FACTCHECK_LANG": "en"}).startswith("共 ")
    (tmp_path / "factcheck.toml").write_text('lang = "en"\n', encoding="utf-8")
    assert summary().endswith("suppressed")
    assert summary(extra_env={"FACTCHECK_LANG": "zh"}).startswith("共 ")
    shown = run("config", "show", env=env, cwd=tmp_path).stdout
    assert re.search(r'^lang = "en"\s+# file:factcheck.toml', shown, re.M)


@pytest.mark.parametrize("fmt", ["sarif", "rdjsonl", "github", "markdown", "html", "text"])
def test_category_ids_stay_in_every_format(fmt, example_report):
    from factcheck.output import render

    out = render(localize(example_report, "zh"), fmt, EXAMPLE.read_text(encoding="utf-8"), str(EXAMPLE))
    if fmt == "sarif":
        run_ = json.loads(out)["runs"][0]
        assert [r["id"] for r in run_["tool"]["driver"]["rules"]] == list(CATEGORIES)
        assert {r["ruleId"] for r in run_["results"]} <= set(CATEGORIES)
        assert HAN.search(run_["results"][0]["message"]["text"])
        assert HAN.search(run_["tool"]["driver"]["rules"][0]["shortDescription"]["text"])
    elif fmt == "rdjsonl":
        rows = [json.loads(line) for line in out.splitlines()]
        assert {r["code"]["value"] for r in rows} <= set(CATEGORIES) and HAN.search(rows[0]["message"])
    elif fmt == "html":
        assert '<html lang="zh">' in out and "建议：" in out
    else:
        assert "metric-conflation" in out and HAN.search(out)


def test_the_catalogs_ship_in_the_wheel():
    """package-data must name the .po files (built wheels were checked to carry them)."""
    import fnmatch
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "babel" in " ".join(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"])
    globs = data["package-data"]["factcheck"]
    for lang in ("zh", "en"):
        rel = f"locale/{lang}/LC_MESSAGES/factcheck.po"
        assert (ROOT / "factcheck" / rel).is_file() and any(fnmatch.fnmatch(rel, g) for g in globs)
    assert "factcheck.i18n" in data["packages"]


def test_stderr_speaks_the_drafts_language(tmp_path):
    """The progress lines and the incomplete-run line are in the report's language too:
    a Chinese draft's run says 已读取来源, an English-set run 'source read'."""
    env = {"FACTCHECK_CACHE_DIR": str(tmp_path / "cache")}
    zh = run("check", str(EXAMPLE), "--sources", str(EXAMPLE_SOURCES), "--fail-on", "never", env=env, cwd=tmp_path)
    assert zh.returncode == 1, zh.stderr  # 2 of 24 sources are not archived: incomplete
    lines = zh.stderr.splitlines()
    assert any("已读取来源：https://" in line for line in lines)
    assert any("来源未找到：https://arxiv.org/abs/2609.14021（存档中没有这个链接对应的来源文档）" in line
               for line in lines)
    last = lines[-1]
    assert last.startswith("factcheck: 不完整：引用的 24 个来源中有 2 个无法读取；退出码为 1")
    # no English left but the names a reader types (flag, file, key)
    names = ("factcheck.toml", "accept_incomplete", "accept-incomplete", "factcheck", "true")
    assert not re.search(r"[a-z]{4,}", re.sub("|".join(map(re.escape, names)), "", last)), last
    en = run("check", str(EXAMPLE), "--sources", str(EXAMPLE_SOURCES), "--fail-on", "never", "--lang", "en",
             "--accept-incomplete", env=env, cwd=tmp_path)
    assert en.returncode == 0, en.stderr
    assert any("source read: https://" in line for line in en.stderr.splitlines())
    assert en.stderr.splitlines()[-1] == ("factcheck: incomplete: 2 of 24 cited sources could not be read "
                                          "(accepted: --accept-incomplete)")
    assert not HAN.search(en.stderr.replace(str(EXAMPLE), ""))
