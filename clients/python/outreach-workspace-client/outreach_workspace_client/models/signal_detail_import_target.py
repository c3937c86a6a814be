from typing import Literal

SignalDetailImportTarget = Literal["COMPANIES", "PEOPLE"]

SIGNAL_DETAIL_IMPORT_TARGET_VALUES: set[SignalDetailImportTarget] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_detail_import_target(value: str) -> SignalDetailImportTarget:
    if value in SIGNAL_DETAIL_IMPORT_TARGET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_DETAIL_IMPORT_TARGET_VALUES!r}")
