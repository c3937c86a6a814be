from typing import Literal

ListActivitiesSortOrder = Literal["asc", "desc"]

LIST_ACTIVITIES_SORT_ORDER_VALUES: set[ListActivitiesSortOrder] = {
    "asc",
    "desc",
}


def check_list_activities_sort_order(value: str) -> ListActivitiesSortOrder:
    if value in LIST_ACTIVITIES_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACTIVITIES_SORT_ORDER_VALUES!r}")
