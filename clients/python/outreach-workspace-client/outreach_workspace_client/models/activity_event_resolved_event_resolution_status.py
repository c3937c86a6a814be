from typing import Literal

ActivityEventResolvedEventResolutionStatus = Literal["RESOLVED", "UNRESOLVED"]

ACTIVITY_EVENT_RESOLVED_EVENT_RESOLUTION_STATUS_VALUES: set[ActivityEventResolvedEventResolutionStatus] = {
    "RESOLVED",
    "UNRESOLVED",
}


def check_activity_event_resolved_event_resolution_status(value: str) -> ActivityEventResolvedEventResolutionStatus:
    if value in ACTIVITY_EVENT_RESOLVED_EVENT_RESOLUTION_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ACTIVITY_EVENT_RESOLVED_EVENT_RESOLUTION_STATUS_VALUES!r}"
    )
