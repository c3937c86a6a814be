from typing import Literal

SignalDetailCadence = Literal["DAILY", "WEEKLY"]

SIGNAL_DETAIL_CADENCE_VALUES: set[SignalDetailCadence] = {
    "DAILY",
    "WEEKLY",
}


def check_signal_detail_cadence(value: str) -> SignalDetailCadence:
    if value in SIGNAL_DETAIL_CADENCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_DETAIL_CADENCE_VALUES!r}")
