from typing import Literal

SignalDuplicateCadence = Literal["DAILY", "WEEKLY"]

SIGNAL_DUPLICATE_CADENCE_VALUES: set[SignalDuplicateCadence] = {
    "DAILY",
    "WEEKLY",
}


def check_signal_duplicate_cadence(value: str) -> SignalDuplicateCadence:
    if value in SIGNAL_DUPLICATE_CADENCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_DUPLICATE_CADENCE_VALUES!r}")
