from typing import Literal

SignalDuplicateEventSubjectType2Type1 = Literal["COMPANIES", "PEOPLE"]

SIGNAL_DUPLICATE_EVENT_SUBJECT_TYPE_2_TYPE_1_VALUES: set[SignalDuplicateEventSubjectType2Type1] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_duplicate_event_subject_type_2_type_1(value: str) -> SignalDuplicateEventSubjectType2Type1:
    if value in SIGNAL_DUPLICATE_EVENT_SUBJECT_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SIGNAL_DUPLICATE_EVENT_SUBJECT_TYPE_2_TYPE_1_VALUES!r}"
    )
