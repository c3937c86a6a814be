from typing import Literal

ListActivitiesResourceType = Literal[
    "HOT_LEAD", "INVITATION", "MEETING", "MESSAGE", "SEQUENCE", "SEQUENCE_STEP", "TASK"
]

LIST_ACTIVITIES_RESOURCE_TYPE_VALUES: set[ListActivitiesResourceType] = {
    "HOT_LEAD",
    "INVITATION",
    "MEETING",
    "MESSAGE",
    "SEQUENCE",
    "SEQUENCE_STEP",
    "TASK",
}


def check_list_activities_resource_type(value: str) -> ListActivitiesResourceType:
    if value in LIST_ACTIVITIES_RESOURCE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACTIVITIES_RESOURCE_TYPE_VALUES!r}")
