"""Room codes and seat tokens.

A room code is 9 characters from 30 that cannot be mistaken for one another when read aloud or copied by hand
(no 0/O, 1/I/L, U/V): 30**9 is about 2**44, so at the guessing rate the server allows (``limits.py``) finding
some room by chance takes far longer than any room lives. Codes are read case-insensitively, with spaces and
dashes ignored, so "abcd-efghj" as written on paper still works.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"  # 30 symbols: no 0 O 1 I L U
CODE_LENGTH = 9
TOKEN_BYTES = 24


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed, upper-cased, its separators dropped; "" when it cannot be a code."""
    code = text.upper().replace("-", "").replace(" ", "")
    return code if len(code) == CODE_LENGTH and all(c in ALPHABET for c in code) else ""


def shown_code(code: str) -> str:
    """The code as the page shows it: two groups, easier to read aloud."""
    return f"{code[:4]}-{code[4:]}"


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """What the store keeps: a stolen database does not give anyone a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, digest: str) -> bool:
    return hmac.compare_digest(token_digest(token), digest)
