from typing import Literal

EventResolutionStatus = Literal["PENDING", "RESOLVED", "UNRESOLVED"]

EVENT_RESOLUTION_STATUS_VALUES: set[EventResolutionStatus] = {
    "PENDING",
    "RESOLVED",
    "UNRESOLVED",
}


def check_event_resolution_status(value: str) -> EventResolutionStatus:
    if value in EVENT_RESOLUTION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_RESOLUTION_STATUS_VALUES!r}")
