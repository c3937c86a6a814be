from typing import Literal

ListContactListsSortBy = Literal["created_at", "name", "updated_at"]

LIST_CONTACT_LISTS_SORT_BY_VALUES: set[ListContactListsSortBy] = {
    "created_at",
    "name",
    "updated_at",
}


def check_list_contact_lists_sort_by(value: str) -> ListContactListsSortBy:
    if value in LIST_CONTACT_LISTS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_CONTACT_LISTS_SORT_BY_VALUES!r}")
