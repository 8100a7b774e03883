"""Accessible HTML tables for generated content: a caption, column headers, row headers."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape


@dataclass(frozen=True)
class Cell:
    text: str
    href: str = ""

    def html(self) -> str:
        if self.href:
            return f'<a href="{escape(self.href)}">{escape(self.text)}</a>'
        return escape(self.text)


def cell(value: str | Cell) -> Cell:
    return value if isinstance(value, Cell) else Cell(value)


def table(caption: str, columns: list[str], rows: list[list[str | Cell]], *, name: str,
          numeric_from: int = 1) -> str:
    """A table whose first column names the row; columns from ``numeric_from`` on are right-aligned numbers."""
    for row in rows:
        if len(row) != len(columns):
            raise ValueError(f"table {name}: a row has {len(row)} cells for {len(columns)} columns")
    head = "".join(f'<th scope="col">{escape(column)}</th>' for column in columns)
    body = []
    for row in rows:
        cells = [f'<th scope="row">{cell(row[0]).html()}</th>']
        for index, value in enumerate(row[1:], start=1):
            align = ' class="numeric"' if index >= numeric_from else ""
            cells.append(f"<td{align}>{cell(value).html()}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    # One line of HTML: Markdown leaves an HTML block alone, and no blank line can split it.
    return (f'<table data-generated="{escape(name)}"><caption>{escape(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")
