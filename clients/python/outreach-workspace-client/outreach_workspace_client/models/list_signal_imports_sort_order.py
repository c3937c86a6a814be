from typing import Literal

ListSignalImportsSortOrder = Literal["asc", "desc"]

LIST_SIGNAL_IMPORTS_SORT_ORDER_VALUES: set[ListSignalImportsSortOrder] = {
    "asc",
    "desc",
}


def check_list_signal_imports_sort_order(value: str) -> ListSignalImportsSortOrder:
    if value in LIST_SIGNAL_IMPORTS_SORT_ORDER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SIGNAL_IMPORTS_SORT_ORDER_VALUES!r}")
