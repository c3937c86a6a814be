from typing import Literal

SignalImportKind = Literal["ACCOUNT", "CONTACT"]

SIGNAL_IMPORT_KIND_VALUES: set[SignalImportKind] = {
    "ACCOUNT",
    "CONTACT",
}


def check_signal_import_kind(value: str) -> SignalImportKind:
    if value in SIGNAL_IMPORT_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_IMPORT_KIND_VALUES!r}")
