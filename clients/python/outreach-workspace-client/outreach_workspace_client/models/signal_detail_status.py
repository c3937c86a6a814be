from typing import Literal

SignalDetailStatus = Literal["ACTIVE", "ARCHIVED", "PAUSED"]

SIGNAL_DETAIL_STATUS_VALUES: set[SignalDetailStatus] = {
    "ACTIVE",
    "ARCHIVED",
    "PAUSED",
}


def check_signal_detail_status(value: str) -> SignalDetailStatus:
    if value in SIGNAL_DETAIL_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_DETAIL_STATUS_VALUES!r}")
