from typing import Literal

SignalImportTarget = Literal["COMPANIES", "PEOPLE"]

SIGNAL_IMPORT_TARGET_VALUES: set[SignalImportTarget] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_import_target(value: str) -> SignalImportTarget:
    if value in SIGNAL_IMPORT_TARGET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_IMPORT_TARGET_VALUES!r}")
