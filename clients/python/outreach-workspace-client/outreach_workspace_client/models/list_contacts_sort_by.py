from typing import Literal

ListContactsSortBy = Literal[
    "created_at", "email", "first_name", "first_seen_at", "last_name", "last_seen_at", "updated_at"
]

LIST_CONTACTS_SORT_BY_VALUES: set[ListContactsSortBy] = {
    "created_at",
    "email",
    "first_name",
    "first_seen_at",
    "last_name",
    "last_seen_at",
    "updated_at",
}


def check_list_contacts_sort_by(value: str) -> ListContactsSortBy:
    if value in LIST_CONTACTS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_CONTACTS_SORT_BY_VALUES!r}")
