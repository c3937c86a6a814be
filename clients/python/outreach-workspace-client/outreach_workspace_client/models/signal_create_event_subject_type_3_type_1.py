from typing import Literal

SignalCreateEventSubjectType3Type1 = Literal["COMPANIES", "PEOPLE"]

SIGNAL_CREATE_EVENT_SUBJECT_TYPE_3_TYPE_1_VALUES: set[SignalCreateEventSubjectType3Type1] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_create_event_subject_type_3_type_1(value: str) -> SignalCreateEventSubjectType3Type1:
    if value in SIGNAL_CREATE_EVENT_SUBJECT_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_CREATE_EVENT_SUBJECT_TYPE_3_TYPE_1_VALUES!r}")
