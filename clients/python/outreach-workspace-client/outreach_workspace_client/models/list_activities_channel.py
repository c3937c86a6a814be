from typing import Literal

ListActivitiesChannel = Literal["EMAIL", "LINKEDIN", "MANUAL"]

LIST_ACTIVITIES_CHANNEL_VALUES: set[ListActivitiesChannel] = {
    "EMAIL",
    "LINKEDIN",
    "MANUAL",
}


def check_list_activities_channel(value: str) -> ListActivitiesChannel:
    if value in LIST_ACTIVITIES_CHANNEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACTIVITIES_CHANNEL_VALUES!r}")
