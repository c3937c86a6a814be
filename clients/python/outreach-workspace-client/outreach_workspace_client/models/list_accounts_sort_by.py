from typing import Literal

ListAccountsSortBy = Literal["created_at", "domain", "last_seen_at", "name", "updated_at"]

LIST_ACCOUNTS_SORT_BY_VALUES: set[ListAccountsSortBy] = {
    "created_at",
    "domain",
    "last_seen_at",
    "name",
    "updated_at",
}


def check_list_accounts_sort_by(value: str) -> ListAccountsSortBy:
    if value in LIST_ACCOUNTS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACCOUNTS_SORT_BY_VALUES!r}")
