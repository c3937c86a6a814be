from typing import Literal

ListAccountExclusionsSortBy = Literal["created_at", "domain", "reason", "updated_at"]

LIST_ACCOUNT_EXCLUSIONS_SORT_BY_VALUES: set[ListAccountExclusionsSortBy] = {
    "created_at",
    "domain",
    "reason",
    "updated_at",
}


def check_list_account_exclusions_sort_by(value: str) -> ListAccountExclusionsSortBy:
    if value in LIST_ACCOUNT_EXCLUSIONS_SORT_BY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACCOUNT_EXCLUSIONS_SORT_BY_VALUES!r}")
