from typing import Literal

ListSignalImportsKind = Literal["ACCOUNT", "CONTACT"]

LIST_SIGNAL_IMPORTS_KIND_VALUES: set[ListSignalImportsKind] = {
    "ACCOUNT",
    "CONTACT",
}


def check_list_signal_imports_kind(value: str) -> ListSignalImportsKind:
    if value in LIST_SIGNAL_IMPORTS_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_SIGNAL_IMPORTS_KIND_VALUES!r}")
