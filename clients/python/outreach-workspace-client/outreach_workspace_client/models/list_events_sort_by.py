from typing import Literal

ListEventsSortBy = Literal["occurred_at"]

LIST_EVENTS_SORT_BY_VALUES: set[ListEventsSortBy] = {
    "occurred_at",
}


def check_list_events_sort_by(value: str) -> ListEventsSortBy:
    if value in LIST_EVENTS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_EVENTS_SORT_BY_VALUES!r}")
