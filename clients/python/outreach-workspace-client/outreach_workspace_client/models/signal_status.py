from typing import Literal

SignalStatus = Literal["ACTIVE", "ARCHIVED", "PAUSED"]

SIGNAL_STATUS_VALUES: set[SignalStatus] = {
    "ACTIVE",
    "ARCHIVED",
    "PAUSED",
}


def check_signal_status(value: str) -> SignalStatus:
    if value in SIGNAL_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_STATUS_VALUES!r}")
