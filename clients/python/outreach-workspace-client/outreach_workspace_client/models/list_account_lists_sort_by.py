from typing import Literal

ListAccountListsSortBy = Literal["created_at", "name", "updated_at"]

LIST_ACCOUNT_LISTS_SORT_BY_VALUES: set[ListAccountListsSortBy] = {
    "created_at",
    "name",
    "updated_at",
}


def check_list_account_lists_sort_by(value: str) -> ListAccountListsSortBy:
    if value in LIST_ACCOUNT_LISTS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACCOUNT_LISTS_SORT_BY_VALUES!r}")
