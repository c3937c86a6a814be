from typing import Literal

ListAccountEntriesSortBy = Literal["created_at", "domain", "name", "updated_at"]

LIST_ACCOUNT_ENTRIES_SORT_BY_VALUES: set[ListAccountEntriesSortBy] = {
    "created_at",
    "domain",
    "name",
    "updated_at",
}


def check_list_account_entries_sort_by(value: str) -> ListAccountEntriesSortBy:
    if value in LIST_ACCOUNT_ENTRIES_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACCOUNT_ENTRIES_SORT_BY_VALUES!r}")
