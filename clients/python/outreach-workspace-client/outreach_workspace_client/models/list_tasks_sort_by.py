from typing import Literal

ListTasksSortBy = Literal["created_at", "updated_at"]

LIST_TASKS_SORT_BY_VALUES: set[ListTasksSortBy] = {
    "created_at",
    "updated_at",
}


def check_list_tasks_sort_by(value: str) -> ListTasksSortBy:
    if value in LIST_TASKS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_TASKS_SORT_BY_VALUES!r}")
