from typing import Literal

SignalDuplicateEventSubjectType3Type1 = Literal["COMPANIES", "PEOPLE"]

SIGNAL_DUPLICATE_EVENT_SUBJECT_TYPE_3_TYPE_1_VALUES: set[SignalDuplicateEventSubjectType3Type1] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_duplicate_event_subject_type_3_type_1(value: str) -> SignalDuplicateEventSubjectType3Type1:
    if value in SIGNAL_DUPLICATE_EVENT_SUBJECT_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SIGNAL_DUPLICATE_EVENT_SUBJECT_TYPE_3_TYPE_1_VALUES!r}"
    )
