"""Verifies a webhook delivery the way the service signs it (Standard Webhooks).

The headers ``webhook-id``, ``webhook-timestamp`` (Unix seconds) and ``webhook-signature``
("v1,<base64>", space-separated when several secrets sign during a rotation); the signature is the
HMAC-SHA256 of ``<id>.<timestamp>.<raw body>`` under the subscription secret (``whsec_<base64 key>``).
Signatures are compared in constant time and a timestamp outside the tolerance is refused, so a
captured delivery cannot be replayed later. Standard library only: copy this file next to your
receiver, or keep it on the path.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Iterable, Mapping
from typing import Any

DEFAULT_TOLERANCE_SECONDS = 300


class WebhookVerificationError(Exception):
    """The delivery is not signed by any of the given secrets, or not within the tolerance."""


def _header(headers: Mapping[str, str], name: str) -> str:
    value = headers.get(name) or headers.get(name.title())
    if not value:
        raise WebhookVerificationError(f"missing {name} header")
    return value


def _key(secret: str) -> bytes:
    try:
        key = base64.b64decode(secret.removeprefix("whsec_"), validate=True)
    except ValueError as error:
        raise WebhookVerificationError("the secret is not a whsec_<base64> secret") from error
    if not key:
        raise WebhookVerificationError("the secret is not a whsec_<base64> secret")
    return key


def verify_webhook(
    secrets: str | Iterable[str],
    body: bytes | str,
    headers: Mapping[str, str],
    *,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> Any:
    """The parsed payload of a delivery whose signature matches one of ``secrets``.

    ``body`` is the raw request body exactly as received (re-serialised JSON would not match);
    ``headers`` the request's headers (any mapping; names in lower case or as sent). Raises
    WebhookVerificationError otherwise.
    """
    webhook_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not timestamp.isdigit():
        raise WebhookVerificationError("webhook-timestamp is not Unix seconds")
    if abs((time.time() if now is None else now) - int(timestamp)) > tolerance_seconds:
        raise WebhookVerificationError("webhook-timestamp is outside the tolerance")
    raw = body.encode("utf-8") if isinstance(body, str) else body
    signed = f"{webhook_id}.{timestamp}.".encode() + raw
    expected = [
        hmac.new(_key(secret), signed, hashlib.sha256).digest()
        for secret in ([secrets] if isinstance(secrets, str) else secrets)
    ]
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version != "v1" or not signature:
            continue
        try:
            given = base64.b64decode(signature, validate=True)
        except ValueError:
            continue
        if any(hmac.compare_digest(mac, given) for mac in expected):
            return json.loads(raw)
    raise WebhookVerificationError("no signature matches")
