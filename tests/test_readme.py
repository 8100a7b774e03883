"""The README's commands are the ones that work: CI runs the test command, this suite runs the others."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scripts.sitebuild import project

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def first_code_block(markdown: str) -> list[str]:
    block = re.search(r"```sh\n(.*?)```", markdown, re.S).group(1)
    return [line.split("#", 1)[0].strip() for line in block.strip().splitlines()]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def status_of(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def test_readme_leads_with_exactly_the_two_commands():
    assert first_code_block(README) == ["make serve", "make test"]


def test_ci_runs_the_readme_test_command():
    ci_commands = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()
                   if line.strip() and not line.lstrip().startswith(("#", "set ", "cd "))]
    assert ci_commands == ["make test"]


def test_make_serve_serves_the_site_in_every_language(built_site):
    port = free_port()
    server = subprocess.Popen(["make", "--no-print-directory", "serve", f"PORT={port}"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        pending = {f"http://127.0.0.1:{port}/{prefix}" for prefix in ("", *(f"{code}/" for code in project.target_languages()))}
        deadline = time.monotonic() + 120
        while pending and time.monotonic() < deadline and server.poll() is None:
            pending = {url for url in pending if status_of(url) != 200}
            time.sleep(0.3)
        assert not pending, f"no 200 from {sorted(pending)}"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        output = server.communicate(timeout=30)[0].decode()
    assert f"http://127.0.0.1:{port}/" in output, output


# Every other command the README names, as the README writes it, with arguments that keep it short here.
QUICK_RUNS = {
    ".venv/bin/python -m engine --help": [],
    'make test PYTEST_ARGS="tests/engine -k chicken_foot"': None,  # run as written: it is already short
    ".venv/bin/python scripts/bench_engine.py": ["--seconds", "0.05"],
    ".venv/bin/python -m engine soak": ["--matches", "8", "--seed", "1"],
    ".venv/bin/python scripts/bench_tutorial.py": ["--runs", "1", "--kinds", "bare-main,tutorial", "--settle-ms", "200"],
    ".venv/bin/python scripts/profile_first_screen.py": ["--runs", "1"],
    ".venv/bin/python scripts/profile_engine_import.py": ["--runs", "1", "--top", "3"],
    # later arguments win: one match per pair, a tiny thinking budget, one process
    ".venv/bin/python -m engine ladder --game chicken-foot --matches 400 --seed 2026 --jobs 2": [
        "--matches", "1", "--budget-ms", "2", "--jobs", "1"],
    ".venv/bin/python scripts/bench_levels.py": ["--decisions", "3", "--players", "2", "--games", "mexican-train",
                                                 "--budget-ms", "5"],
    ".venv/bin/python scripts/bench_render.py": ["--seconds", "0.05", "--no-pyodide"],
    ".venv/bin/python scripts/bench_strategy_lessons.py": ["--seeds", "1", "--budget", "5"],
    ".venv/bin/python scripts/check_geometry.py": ["--positions", "23"],
    ".venv/bin/python scripts/bench_pace.py": ["--moves", "3", "--speeds", "instant"],
    ".venv/bin/python -m scripts.sitebuild.page_weight": ["--languages", "ht"],
    ".venv/bin/python scripts/measure_embed.py": ["--settle-ms", "300"],
    ".venv/bin/python scripts/walk_reader_states.py": ["--sample", "--languages", "su", "--walks", "house rules"],
    ".venv/bin/python scripts/bench_rooms.py": ["--players", "4", "--seconds", "1", "--warmup", "0.2"],
    ".venv/bin/python -m engine rooms --help": [],
    ".venv/bin/python -m engine review --help": [],
    ".venv/bin/python scripts/bench_review.py": ["--rounds", "1", "--levels", "random", "--samples", "8"],
    ".venv/bin/python -m engine puzzles --verify": ["--sample", "2"],
    ".venv/bin/python scripts/find_puzzles.py": ["--per-game", "1", "--out", "/dev/null"],
    "CHROME_PATH=/usr/bin/chromium .venv/bin/python -m scripts.sitebuild.lighthouse": ["--languages", "sq",
                                                                                     "--types", "home"],
}
COMMAND_PREFIXES = ("make ", ".venv/bin/python ", "python ", "CHROME_PATH=")


def readme_commands() -> list[str]:
    return [code for code in re.findall(r"`([^`\n]+)`", README) if code.startswith(COMMAND_PREFIXES)]


def test_every_command_in_the_readme_is_exercised_here():
    # `make test` is CI itself; `make serve` has its own test above.
    others = set(readme_commands()) - {"make test", "make serve"}
    assert sorted(others) == sorted(QUICK_RUNS)


@pytest.mark.parametrize("command", sorted(QUICK_RUNS))
def test_readme_command_runs(command, built_site):
    environment = dict(os.environ)
    words = shlex.split(command)
    while "=" in words[0]:
        name, value = words.pop(0).split("=", 1)
        environment[name] = value
    if QUICK_RUNS[command]:
        words += QUICK_RUNS[command]
    if command.startswith("CHROME_PATH=") and environment.get("CHROMIUM"):
        environment["CHROME_PATH"] = environment["CHROMIUM"]
    result = subprocess.run(words, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert result.stdout.strip(), "printed nothing"
