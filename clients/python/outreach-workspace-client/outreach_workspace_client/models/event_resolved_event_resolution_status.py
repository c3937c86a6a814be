from typing import Literal

EventResolvedEventResolutionStatus = Literal["RESOLVED", "UNRESOLVED"]

EVENT_RESOLVED_EVENT_RESOLUTION_STATUS_VALUES: set[EventResolvedEventResolutionStatus] = {
    "RESOLVED",
    "UNRESOLVED",
}


def check_event_resolved_event_resolution_status(value: str) -> EventResolvedEventResolutionStatus:
    if value in EVENT_RESOLVED_EVENT_RESOLUTION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_RESOLVED_EVENT_RESOLUTION_STATUS_VALUES!r}")
