from typing import Literal

SignalCadence = Literal["DAILY", "WEEKLY"]

SIGNAL_CADENCE_VALUES: set[SignalCadence] = {
    "DAILY",
    "WEEKLY",
}


def check_signal_cadence(value: str) -> SignalCadence:
    if value in SIGNAL_CADENCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_CADENCE_VALUES!r}")
