from typing import Literal

SequenceStatus = Literal[
    "ACTIVE",
    "COMPLETED",
    "FAILED",
    "FOUND",
    "REFUSED",
    "STOPPED_EARLY",
    "SUCCEEDED",
    "WAITING_FOR_LEAD",
    "WAITING_FOR_USER",
]

SEQUENCE_STATUS_VALUES: set[SequenceStatus] = {
    "ACTIVE",
    "COMPLETED",
    "FAILED",
    "FOUND",
    "REFUSED",
    "STOPPED_EARLY",
    "SUCCEEDED",
    "WAITING_FOR_LEAD",
    "WAITING_FOR_USER",
}


def check_sequence_status(value: str) -> SequenceStatus:
    if value in SEQUENCE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEQUENCE_STATUS_VALUES!r}")
