from typing import Literal

ListAccountExclusionsSortOrder = Literal["asc", "desc"]

LIST_ACCOUNT_EXCLUSIONS_SORT_ORDER_VALUES: set[ListAccountExclusionsSortOrder] = {
    "asc",
    "desc",
}


def check_list_account_exclusions_sort_order(value: str) -> ListAccountExclusionsSortOrder:
    if value in LIST_ACCOUNT_EXCLUSIONS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACCOUNT_EXCLUSIONS_SORT_ORDER_VALUES!r}")
