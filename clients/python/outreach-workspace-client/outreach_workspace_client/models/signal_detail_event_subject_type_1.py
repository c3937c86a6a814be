from typing import Literal

SignalDetailEventSubjectType1 = Literal["COMPANIES", "PEOPLE"]

SIGNAL_DETAIL_EVENT_SUBJECT_TYPE_1_VALUES: set[SignalDetailEventSubjectType1] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_detail_event_subject_type_1(value: str) -> SignalDetailEventSubjectType1:
    if value in SIGNAL_DETAIL_EVENT_SUBJECT_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_DETAIL_EVENT_SUBJECT_TYPE_1_VALUES!r}")
