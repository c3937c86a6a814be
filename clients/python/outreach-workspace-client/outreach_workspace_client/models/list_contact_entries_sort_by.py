from typing import Literal

ListContactEntriesSortBy = Literal["created_at", "updated_at"]

LIST_CONTACT_ENTRIES_SORT_BY_VALUES: set[ListContactEntriesSortBy] = {
    "created_at",
    "updated_at",
}


def check_list_contact_entries_sort_by(value: str) -> ListContactEntriesSortBy:
    if value in LIST_CONTACT_ENTRIES_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_CONTACT_ENTRIES_SORT_BY_VALUES!r}")
