from typing import Literal

SignalCreateEventSubjectType2Type1 = Literal["COMPANIES", "PEOPLE"]

SIGNAL_CREATE_EVENT_SUBJECT_TYPE_2_TYPE_1_VALUES: set[SignalCreateEventSubjectType2Type1] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_create_event_subject_type_2_type_1(value: str) -> SignalCreateEventSubjectType2Type1:
    if value in SIGNAL_CREATE_EVENT_SUBJECT_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_CREATE_EVENT_SUBJECT_TYPE_2_TYPE_1_VALUES!r}")
