# Schemathesis hooks of test/api/fuzz.test.ts (loaded through SCHEMATHESIS_HOOKS).
#
# Idempotency-Key: the fuzzer draws header values from a small space and sends the same value with
# different bodies and to different endpoints, which the contract answers 422 (a key is "a unique
# value of your choice"). A well-formed key is made unique per request here, as a real client's
# would be; a malformed one (empty, control characters, too long) and every negative case are sent
# untouched, so the checks that the header is validated keep their teeth.
#
# Null link values: the stateful phase chains operations through response fields (a task's
# sequence_id into GET /v1/sequences/{sequence_id}, and the links it learns from Location
# headers). A field that is null (a to-do without a run) reaches the path as Python's None, sent
# as "None", which no client would send and which the API rightly refuses as a malformed id. A
# fresh UUID is sent instead: what a null link means, a record that does not exist (404).
import re
import uuid

import schemathesis

KEY_PATTERN = re.compile(r"^[!-~](?:[ -~]*[!-~])?$")  # api/middleware/idempotency.ts IDEMPOTENCY_KEY_PATTERN
KEY_MAX = 255


def unique_key(value):
    """`value` made unique and still well formed: a UUID in front (over its first 32 characters when there is no room)."""
    prefix = uuid.uuid4().hex
    if len(value) + len(prefix) + 1 <= KEY_MAX:
        return f"{prefix}-{value}"
    return prefix + value[len(prefix):]


@schemathesis.hook
def before_call(context, case, kwargs):
    path_parameters = case.path_parameters or {}
    for name, value in list(path_parameters.items()):
        if value is None:
            path_parameters[name] = str(uuid.uuid4())
    # Negative cases are left alone: their point may be the header itself, or a header that is
    # missing (Authorization), which Schemathesis only keeps missing for an untouched negative case.
    meta = getattr(case, "meta", None)
    if meta is None or not meta.generation.mode.is_positive:
        return
    headers = case.headers
    if not headers:
        return
    for name in list(headers.keys()):
        if name.lower() != "idempotency-key":
            continue
        value = headers[name]
        if isinstance(value, str) and KEY_PATTERN.match(value):
            headers[name] = unique_key(value)
