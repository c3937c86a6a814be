from typing import Literal

SignalDetailEventSubjectType2Type1 = Literal["COMPANIES", "PEOPLE"]

SIGNAL_DETAIL_EVENT_SUBJECT_TYPE_2_TYPE_1_VALUES: set[SignalDetailEventSubjectType2Type1] = {
    "COMPANIES",
    "PEOPLE",
}


def check_signal_detail_event_subject_type_2_type_1(value: str) -> SignalDetailEventSubjectType2Type1:
    if value in SIGNAL_DETAIL_EVENT_SUBJECT_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SIGNAL_DETAIL_EVENT_SUBJECT_TYPE_2_TYPE_1_VALUES!r}")
