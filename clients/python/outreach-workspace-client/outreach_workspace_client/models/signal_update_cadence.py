from typing import Literal

SignalUpdateCadence = Literal["DAILY", "WEEKLY"]

SIGNAL_UPDATE_CADENCE_VALUES: set[SignalUpdateCadence] = {
    "DAILY",
    "WEEKLY",
}


def check_signal_update_cadence(value: str) -> SignalUpdateCadence:
    if value in SIGNAL_UPDATE_CADENCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_UPDATE_CADENCE_VALUES!r}")
