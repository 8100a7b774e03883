"""The site builds the same with ProperDocs as with MkDocs 1.6.1 (scripts/compare_generators.py, DECISIONS.md)."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import compare_generators  # noqa: E402  (scripts/ is not a package)

PAGE = '<html><body><h1>Chicken Foot</h1><p>Play a <a href="../rules/">double</a>.</p><img src="a.svg"></body></html>'


def site(root: Path, files: dict[str, bytes | str]) -> Path:
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return root


def compare(tmp_path, first: dict, second: dict) -> compare_generators.Comparison:
    return compare_generators.compare_sites(site(tmp_path / "mkdocs", first), site(tmp_path / "properdocs", second))


def test_identical_sites_compare_equal(tmp_path):
    result = compare(tmp_path, {"index.html": PAGE, "a.svg": "<svg/>"}, {"index.html": PAGE, "a.svg": "<svg/>"})
    assert (result.files, result.pages, result.identical, result.differences) == (2, 1, 2, [])


def test_a_file_on_one_side_only_is_a_difference(tmp_path):
    result = compare(tmp_path, {"index.html": PAGE, "ht/index.html": PAGE}, {"index.html": PAGE})
    assert result.differences == ["only in mkdocs: ht/index.html"]


def test_changed_text_and_changed_link_are_differences(tmp_path):
    reworded = PAGE.replace("Play a", "Lay a")
    relinked = PAGE.replace("../rules/", "../rules/index.html")
    assert compare(tmp_path, {"x.html": PAGE}, {"x.html": reworded}).differences == ["x.html: the text differs"]
    assert compare(tmp_path / "2", {"x.html": PAGE}, {"x.html": relinked}).differences == ["x.html: the links differ"]


def test_markup_alone_is_a_note_and_gzip_time_stamps_do_not_count(tmp_path):
    restyled = PAGE.replace("<p>", '<p class="lead">')
    first = {"x.html": PAGE, "sitemap.xml.gz": gzip.compress(b"<urlset/>", mtime=1)}
    second = {"x.html": restyled, "sitemap.xml.gz": gzip.compress(b"<urlset/>", mtime=2)}
    result = compare(tmp_path, first, second)
    assert result.differences == [] and result.notes == ["x.html: same text and links, other markup differs"]
    second["sitemap.xml.gz"] = gzip.compress(b"<urlset><url/></urlset>")
    assert compare(tmp_path / "2", first, second).differences == ["sitemap.xml.gz: the content differs"]


@pytest.mark.slow
def test_properdocs_builds_the_same_site_as_mkdocs(tmp_path):
    """Both real builds (about 10 s each on an idle machine), after making .build/properdocs-venv if needed."""
    subprocess.run(["make", "--no-print-directory", ".build/properdocs-venv/.deps-installed"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "compare_generators.py"), "--out", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "same files, same text, same links" in run.stdout
