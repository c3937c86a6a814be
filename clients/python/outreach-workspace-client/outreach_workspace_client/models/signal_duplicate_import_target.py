from typing import Literal

SignalDuplicateImportTarget = Literal["COMPANIES", "PEOPLE"]

SIGNAL_DUPLICATE_IMPORT_TARGET_VALUES: set[SignalDuplicateImportTarget] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_duplicate_import_target(value: str) -> SignalDuplicateImportTarget:
    if value in SIGNAL_DUPLICATE_IMPORT_TARGET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_DUPLICATE_IMPORT_TARGET_VALUES!r}")
