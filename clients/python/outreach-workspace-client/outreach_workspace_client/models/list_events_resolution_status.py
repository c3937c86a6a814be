from typing import Literal

ListEventsResolutionStatus = Literal["PENDING", "RESOLVED", "UNRESOLVED"]

LIST_EVENTS_RESOLUTION_STATUS_VALUES: set[ListEventsResolutionStatus] = {
    "PENDING",
    "RESOLVED",
    "UNRESOLVED",
}


def check_list_events_resolution_status(value: str) -> ListEventsResolutionStatus:
    if value in LIST_EVENTS_RESOLUTION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_EVENTS_RESOLUTION_STATUS_VALUES!r}")
