from typing import Literal

SignalPresetScope = Literal["COMPANY", "PEOPLE"]

SIGNAL_PRESET_SCOPE_VALUES: set[SignalPresetScope] = {
    "COMPANY",
    "PEOPLE",
}


def check_signal_preset_scope(value: str) -> SignalPresetScope:
    if value in SIGNAL_PRESET_SCOPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_PRESET_SCOPE_VALUES!r}")
