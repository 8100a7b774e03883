"""A small sample of ``scripts/fuzz_inputs.py`` (the large run is a benchmark run by hand): mutated records,
states, scenarios, saves, score sheets, score stores and rules links, through the engine, the bridge's
``handle()`` and the command line, answer only with documented codes, never an exception, a traceback or a
wait over 2 s."""

import random
import time
from pathlib import Path

import fuzz_inputs
import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_a_fuzz_sample_gets_only_documented_answers_at_every_door():
    began = time.monotonic()
    result = fuzz_inputs.fuzz(cases=320, seed=2026)
    assert result["failures"] == []
    assert set(result["cases"]) == set(fuzz_inputs.samples()) and min(result["cases"].values()) == 40
    assert time.monotonic() - began < 60


@pytest.mark.parametrize("seed", range(3))
def test_mutated_records_through_the_command_line_as_a_process_exit_0_or_2_without_a_traceback(seed):
    base = fuzz_inputs.samples()["record"][0]
    rng = random.Random(seed)
    document = fuzz_inputs.mutate(base, rng)
    fuzz_inputs.rehash(document)
    status, err = fuzz_inputs.cli_door(fuzz_inputs.as_given(document, rng), subprocess_run=True)
    assert status in (0, 2) and "Traceback" not in err, err


def test_every_code_the_fuzzer_accepts_is_documented_in_the_engine_readme():
    readme = (ROOT / "engine" / "README.md").read_text()
    undocumented = sorted(code for code in fuzz_inputs.DOCUMENTED if f"`{code}`" not in readme)
    assert undocumented == []


def test_the_fuzzer_reports_an_exception_an_undocumented_code_and_a_hang(monkeypatch):
    base = fuzz_inputs.samples()["record"][0]

    def broken(given, admit=None):
        raise TypeError("got multiple values for argument 'game'")

    monkeypatch.setattr(fuzz_inputs, "replay_record", broken)
    assert "TypeError" in fuzz_inputs.run_case("record", base, 1, doors=("engine",))[0]

    def unknown(given, admit=None):
        raise fuzz_inputs.RecordError("?", "no-such-code")

    monkeypatch.setattr(fuzz_inputs, "replay_record", unknown)
    assert "no-such-code" in fuzz_inputs.run_case("record", base, 1, doors=("engine",))[0]
    monkeypatch.setattr(fuzz_inputs, "CASE_SECONDS", 0.2)
    monkeypatch.setattr(fuzz_inputs, "replay_record", lambda given, admit=None: time.sleep(1))
    assert "0.2 s" in fuzz_inputs.run_case("record", base, 1, doors=("engine",))[0]
