"""Column units. Findings store 1-based code-point columns (Python ``str``
indices + 1); formats that count otherwise convert here and nowhere else."""
from __future__ import annotations

from ..models import Finding


def draft_lines(draft_text: str) -> list[str]:
    """The draft's lines as the parser numbers them: split on LF only, CR dropped."""
    return [line.removesuffix("\r") for line in draft_text.split("\n")]


def line_text(lines: list[str], line: int) -> str:
    return lines[line - 1] if 1 <= line <= len(lines) else ""


def end_column(finding: Finding, lines: list[str]) -> int:
    """The exclusive end column in code points; ``None`` means the end of the line."""
    if finding.end_column is not None:
        return finding.end_column
    return len(line_text(lines, finding.end_line)) + 1


def utf8_column(text: str, column: int) -> int:
    """A 1-based code-point column on ``text`` as a 1-based UTF-8 byte column.

    Past the end of the line each missing position counts one byte, so a
    column just after the last character maps just after its last byte.
    """
    head = text[: column - 1]
    overflow = max(0, column - 1 - len(text))
    return len(head.encode("utf-8")) + overflow + 1


def span_text(finding: Finding, lines: list[str]) -> str:
    """The draft text the finding's span covers, lines joined with LF."""
    end_col = end_column(finding, lines)
    if finding.line == finding.end_line:
        return line_text(lines, finding.line)[finding.column - 1 : end_col - 1]
    parts = [line_text(lines, finding.line)[finding.column - 1 :]]
    parts += [line_text(lines, n) for n in range(finding.line + 1, finding.end_line)]
    parts.append(line_text(lines, finding.end_line)[: end_col - 1])
    return "\n".join(parts)
