from typing import Literal

SignalCreateCadence = Literal["DAILY", "WEEKLY"]

SIGNAL_CREATE_CADENCE_VALUES: set[SignalCreateCadence] = {
    "DAILY",
    "WEEKLY",
}


def check_signal_create_cadence(value: str) -> SignalCreateCadence:
    if value in SIGNAL_CREATE_CADENCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_CREATE_CADENCE_VALUES!r}")
