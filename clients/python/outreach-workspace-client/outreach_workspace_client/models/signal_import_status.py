from typing import Literal

SignalImportStatus = Literal["IMPORTED", "SKIPPED_CAP", "SKIPPED_DUPLICATE", "SKIPPED_EXCLUDED"]

SIGNAL_IMPORT_STATUS_VALUES: set[SignalImportStatus] = {
    "IMPORTED",
    "SKIPPED_CAP",
    "SKIPPED_DUPLICATE",
    "SKIPPED_EXCLUDED",
}


def check_signal_import_status(value: str) -> SignalImportStatus:
    if value in SIGNAL_IMPORT_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_IMPORT_STATUS_VALUES!r}")
