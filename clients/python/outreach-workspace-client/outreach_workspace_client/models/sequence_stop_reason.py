from typing import Literal

SequenceStopReason = Literal["LOSE", "WIN"]

SEQUENCE_STOP_REASON_VALUES: set[SequenceStopReason] = {
    "LOSE",
    "WIN",
}


def check_sequence_stop_reason(value: str) -> SequenceStopReason:
    if value in SEQUENCE_STOP_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SEQUENCE_STOP_REASON_VALUES!r}")
