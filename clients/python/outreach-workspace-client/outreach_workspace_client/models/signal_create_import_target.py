from typing import Literal

SignalCreateImportTarget = Literal["COMPANIES", "PEOPLE"]

SIGNAL_CREATE_IMPORT_TARGET_VALUES: set[SignalCreateImportTarget] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_create_import_target(value: str) -> SignalCreateImportTarget:
    if value in SIGNAL_CREATE_IMPORT_TARGET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_CREATE_IMPORT_TARGET_VALUES!r}")
