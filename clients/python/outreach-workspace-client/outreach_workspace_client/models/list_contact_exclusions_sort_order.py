from typing import Literal

ListContactExclusionsSortOrder = Literal["asc", "desc"]

LIST_CONTACT_EXCLUSIONS_SORT_ORDER_VALUES: set[ListContactExclusionsSortOrder] = {
    "asc",
    "desc",
}


def check_list_contact_exclusions_sort_order(value: str) -> ListContactExclusionsSortOrder:
    if value in LIST_CONTACT_EXCLUSIONS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_CONTACT_EXCLUSIONS_SORT_ORDER_VALUES!r}")
