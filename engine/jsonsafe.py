"""Reading JSON nobody vouches for: records, states, scenarios, saves and the browser's requests.

``json.loads`` recurses once per level of nesting, so a few kilobytes of ``[[[[…`` exhaust a stack (in Pyodide,
the browser's JavaScript stack, which takes the whole engine down); it also accepts ``NaN`` and ``Infinity``
and integers of thousands of digits. ``loads`` refuses all of these with a ``RecordError`` before they reach
the engine: the nesting is measured without recursion before parsing, constants are refused while parsing.
``check_tree`` does the same for data that arrives already parsed (a Python caller's dict).

None of the engine's formats nests deeper than six levels or needs a number JavaScript cannot hold exactly.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import RecordError

MAX_DEPTH = 32
MAX_CHARS = 2_000_000  # a whole double-18 match between eight players is about 100 KB
MAX_DIGITS = 16  # 2**53, the largest integer a browser keeps exactly, has 16 digits

# A string, or an unterminated one running to the end: every match succeeds where it starts, so scanning
# stays linear whatever the text (a pattern that can fail restarts at every later quote).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """How deeply ``text``'s arrays and objects nest (brackets inside strings do not count); no recursion."""
    brackets = _BRACKETS.findall(_STRING.sub("", text))
    return max(accumulate(1 if b in "[{" else -1 for b in brackets), default=0)


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number JSON allows here", "not-json")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"the number {text[:20]}… is too large", "number-too-large")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise RecordError(f"the number {text[:20]} is too large", "number-too-large")
    return value


def loads(text: str | bytes, what: str = "the data", max_chars: int = MAX_CHARS) -> Any:
    """``json.loads`` for untrusted text, every problem a ``RecordError`` naming ``what``; text longer than
    ``max_chars`` is refused before anything else is done with it."""
    if isinstance(text, bytes):
        if len(text) > 4 * max_chars:
            raise RecordError(f"{what} is {len(text)} bytes long; the most accepted is {max_chars} characters",
                              "too-large", most=max_chars)
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{what} is not UTF-8 text", "not-json") from None
    if not isinstance(text, str):
        raise RecordError(f"{what} must be JSON text", "not-json")
    if len(text) > max_chars:
        raise RecordError(f"{what} is {len(text)} characters long; the most accepted is {max_chars}", "too-large",
                          most=max_chars)
    if nesting_depth(text) > MAX_DEPTH:
        raise RecordError(f"{what} nests more than {MAX_DEPTH} levels deep", "too-deep")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int, parse_float=_finite_float)
    except RecordError:
        raise
    except (ValueError, RecursionError) as error:
        raise RecordError(f"{what} is not JSON: {error}", "not-json") from None


def check_tree(data: Any, what: str = "the data") -> Any:
    """Refuse already-parsed data that ``loads`` would have refused (too deep, non-finite or huge numbers,
    keys that are not text); returns ``data``. Walks with a stack, never recursion."""
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, (dict, list, tuple)):
            if depth > MAX_DEPTH:
                raise RecordError(f"{what} nests more than {MAX_DEPTH} levels deep", "too-deep")
            if isinstance(value, dict):
                if not all(isinstance(key, str) for key in value):
                    raise RecordError(f"{what} has an object key that is not text", "not-json")
                items = value.values()
            else:
                items = value
            pending.extend((item, depth + 1) for item in items)
        elif isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        elif isinstance(value, int):
            if abs(value) >= 10**MAX_DIGITS:
                raise RecordError(f"{what} holds a number too large", "number-too-large")
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise RecordError(f"{what} holds NaN or Infinity, which JSON does not allow", "not-json")
        else:
            raise RecordError(f"{what} holds a {type(value).__name__}, which is not JSON", "not-json")
    return data
