from typing import Literal

ListContactExclusionsSortBy = Literal["created_at", "email", "reason", "updated_at"]

LIST_CONTACT_EXCLUSIONS_SORT_BY_VALUES: set[ListContactExclusionsSortBy] = {
    "created_at",
    "email",
    "reason",
    "updated_at",
}


def check_list_contact_exclusions_sort_by(value: str) -> ListContactExclusionsSortBy:
    if value in LIST_CONTACT_EXCLUSIONS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_CONTACT_EXCLUSIONS_SORT_BY_VALUES!r}")
