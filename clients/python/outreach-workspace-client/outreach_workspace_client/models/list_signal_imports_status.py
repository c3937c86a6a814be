from typing import Literal

ListSignalImportsStatus = Literal["IMPORTED", "SKIPPED_CAP", "SKIPPED_DUPLICATE", "SKIPPED_EXCLUDED"]

LIST_SIGNAL_IMPORTS_STATUS_VALUES: set[ListSignalImportsStatus] = {
    "IMPORTED",
    "SKIPPED_CAP",
    "SKIPPED_DUPLICATE",
    "SKIPPED_EXCLUDED",
}


def check_list_signal_imports_status(value: str) -> ListSignalImportsStatus:
    if value in LIST_SIGNAL_IMPORTS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SIGNAL_IMPORTS_STATUS_VALUES!r}")
