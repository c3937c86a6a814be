from typing import Literal

SequenceStopScope = Literal["ACCOUNT", "CONTACT"]

SEQUENCE_STOP_SCOPE_VALUES: set[SequenceStopScope] = {
    "ACCOUNT",
    "CONTACT",
}


def check_sequence_stop_scope(value: str) -> SequenceStopScope:
    if value in SEQUENCE_STOP_SCOPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEQUENCE_STOP_SCOPE_VALUES!r}")
