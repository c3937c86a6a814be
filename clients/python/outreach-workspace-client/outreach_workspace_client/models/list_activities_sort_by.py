from typing import Literal

ListActivitiesSortBy = Literal["created_at"]

LIST_ACTIVITIES_SORT_BY_VALUES: set[ListActivitiesSortBy] = {
    "created_at",
}


def check_list_activities_sort_by(value: str) -> ListActivitiesSortBy:
    if value in LIST_ACTIVITIES_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACTIVITIES_SORT_BY_VALUES!r}")
