"""The rooms page's QR encoder (docs/assets/demo/qr.js, run in Node) against segno, a reference encoder: for
room links of every length the page makes, each version they need, and every mask, the same matrix module
for module; and the mask the page chooses is one of the eight (any mask makes a readable code).

segno's public ``make_qr`` pads a byte-mode message with one more zero byte than the standard's 7.4.10 asks
(its ``write_padding_bits`` adds 8 bits when the stream already ends on a byte), which still decodes but is
not the same matrix; so the reference here is segno's own steps (error correction, interleaving, placement,
masks, format and version information) over the data codewords written as the standard says."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from segno import consts
from segno import encoder as reference_steps

ROOT = Path(__file__).resolve().parents[2]
QR = ROOT / "docs" / "assets" / "demo" / "qr.js"
TEXTS = [
    "A",
    "http://127.0.0.1:8000/rooms/#room=ABCDEFGHJ",
    "https://chickenfoot-dominoes.org/ht/rooms/#room=Z9Y8X7W6V",
    "https://dominoes.example.org/a/longer/path/for/a/host/that/serves/the/site/under/a/folder/su/rooms/#room=23456789A",
    "é" * 100,  # UTF-8: two bytes a letter; version 10, its 16-bit count
]


def node_matrices(cases: list[dict]) -> list[dict]:
    script = (f"import({json.dumps(QR.as_uri())}).then(({{encodeQr}}) => {{"
              f"const cases = {json.dumps(cases)};"
              "console.log(JSON.stringify(cases.map((c) => encodeQr(c.text, {mask: c.mask})))); });")
    out = subprocess.run([shutil.which("node") or "node", "--input-type=module", "-e", script],
                         capture_output=True, text=True, check=True, timeout=60)
    return json.loads(out.stdout)


def reference_matrix(data: bytes, version: int, mask: int) -> list[list[bool]]:
    """The matrix by segno's steps, of the data codewords of 7.4: mode, count, bytes, terminator, pad bytes."""
    error = consts.ERROR_LEVEL_M
    capacity = consts.SYMBOL_CAPACITY[version][error]
    buff = reference_steps.Buffer()
    buff.append_bits(0b0100, 4)
    buff.append_bits(len(data), 8 if version <= 9 else 16)
    for byte in data:
        buff.append_bits(byte, 8)
    buff.extend([0] * min(4, capacity - len(buff)))
    buff.extend([0] * (-len(buff) % 8))
    pads = [0xEC, 0x11]
    while len(buff) < capacity:
        buff.append_bits(pads[0], 8)
        pads.reverse()
    message = reference_steps.make_final_message(version, error, buff)
    width = reference_steps.calc_matrix_size(version)
    matrix = reference_steps.make_matrix(width, width)
    reference_steps.add_finder_patterns(matrix, width, width)
    reference_steps.add_alignment_patterns(matrix, width, width)
    reference_steps.add_codewords(matrix, message, version)
    mask, matrix = reference_steps.find_and_apply_best_mask(matrix, width, width, mask)
    reference_steps.add_format_info(matrix, version, error, mask)
    reference_steps.add_version_info(matrix, version)
    return [[bool(module & 1) for module in row] for row in matrix]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_every_mask_of_every_room_link_matches_segno_module_for_module():
    cases = [{"text": text, "mask": mask} for text in TEXTS for mask in range(8)]
    for case, ours in zip(cases, node_matrices(cases)):
        expected = reference_matrix(case["text"].encode(), ours["version"], case["mask"])
        assert ours["mask"] == case["mask"]
        assert ours["dark"] == expected, f"{case['text'][:30]}… mask {case['mask']}: modules differ"
    assert sorted({result["version"] for result in node_matrices(cases[::8])}) == [1, 4, 7, 10]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_page_chooses_a_mask_and_refuses_a_text_past_version_ten():
    [chosen] = node_matrices([{"text": TEXTS[1], "mask": None}])
    assert 0 <= chosen["mask"] <= 7 and chosen["size"] == 4 * chosen["version"] + 17
    script = (f"import({json.dumps(QR.as_uri())}).then(({{encodeQr}}) => {{ try {{ encodeQr('x'.repeat(214)); "
              "console.log('drawn'); } catch (e) { console.log(e.message); } });")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "qr: text too long"
