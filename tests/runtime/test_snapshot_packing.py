"""The kept snapshot's packing (docs/assets/demo/snapshot.js, run in Node): its pages of zeros are left out and
unpacking gives back the same memory, byte for byte; anything else (another format, cut short, too long, a
page out of range) is refused, so the start goes the normal way instead of restoring garbage."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "docs" / "assets" / "demo" / "snapshot.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")

SCRIPT = """
const { packPages, unpackPages } = await import(%(module)s);
const PAGE = 4096;
// a memory of 9.5 pages: zeros, a page with one byte set at its end, zeros, data, and a short last page
const memory = new Uint8Array(9 * PAGE + 2050);
memory[2 * PAGE - 1] = 7;
for (let i = 5 * PAGE; i < 7 * PAGE; i++) memory[i] = (i * 31) & 255;
memory[memory.length - 1] = 9;
const packed = packPages(memory);
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const refused = (bytes) => { try { unpackPages(bytes); return false; } catch { return true; } };
const unaligned = new Uint8Array(memory.length + 1).subarray(1);
unaligned.set(memory);
const outOfRange = packed.slice();
new DataView(outOfRange.buffer).setUint32(12, 99, true); // the first kept page's index: past the memory
const allZero = new Uint8Array(3 * PAGE);
console.log(JSON.stringify({
  packed: packed.length,
  roundTrip: same(unpackPages(packed), memory),
  unaligned: same(unpackPages(packPages(unaligned)), memory),
  allZero: [packPages(allZero).length, same(unpackPages(packPages(allZero)), allZero)],
  refused: {
    junk: refused(new Uint8Array(4096).fill(42)),
    empty: refused(new Uint8Array(0)),
    cutShort: refused(packed.subarray(0, packed.length - 1)),
    tooLong: refused(new Uint8Array([...packed, 0])),
    outOfRange: refused(outOfRange),
  },
}));
"""


def test_zero_pages_are_left_out_and_unpacking_gives_the_same_memory_and_refuses_anything_else():
    script = SCRIPT % {"module": json.dumps(SNAPSHOT.as_uri())}
    out = subprocess.run([shutil.which("node"), "--input-type=module", "-e", script], capture_output=True,
                         text=True, timeout=60, check=True)
    result = json.loads(out.stdout)
    # kept: pages 1, 5, 6 and the short last one (2050 bytes); the header: 3 words and 4 indices
    assert result["packed"] == 4 * (3 + 4) + 3 * 4096 + 2050
    assert result["roundTrip"] and result["unaligned"]
    assert result["allZero"] == [12, True]
    assert result["refused"] == {"junk": True, "empty": True, "cutShort": True, "tooLong": True, "outOfRange": True}
