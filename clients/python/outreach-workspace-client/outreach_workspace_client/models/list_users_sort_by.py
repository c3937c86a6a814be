from typing import Literal

ListUsersSortBy = Literal["created_at", "email", "name"]

LIST_USERS_SORT_BY_VALUES: set[ListUsersSortBy] = {
    "created_at",
    "email",
    "name",
}


def check_list_users_sort_by(value: str) -> ListUsersSortBy:
    if value in LIST_USERS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_USERS_SORT_BY_VALUES!r}")
