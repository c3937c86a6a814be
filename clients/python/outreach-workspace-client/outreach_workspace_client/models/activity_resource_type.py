from typing import Literal

ActivityResourceType = Literal["HOT_LEAD", "INVITATION", "MEETING", "MESSAGE", "SEQUENCE", "SEQUENCE_STEP", "TASK"]

ACTIVITY_RESOURCE_TYPE_VALUES: set[ActivityResourceType] = {
    "HOT_LEAD",
    "INVITATION",
    "MEETING",
    "MESSAGE",
    "SEQUENCE",
    "SEQUENCE_STEP",
    "TASK",
}


def check_activity_resource_type(value: str) -> ActivityResourceType:
    if value in ACTIVITY_RESOURCE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTIVITY_RESOURCE_TYPE_VALUES!r}")
