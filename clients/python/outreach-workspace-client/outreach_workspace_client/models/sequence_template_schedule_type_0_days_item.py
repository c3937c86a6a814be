from typing import Literal

SequenceTemplateScheduleType0DaysItem = Literal["FRI", "MON", "SAT", "SUN", "THU", "TUE", "WED"]

SEQUENCE_TEMPLATE_SCHEDULE_TYPE_0_DAYS_ITEM_VALUES: set[SequenceTemplateScheduleType0DaysItem] = {
    "FRI",
    "MON",
    "SAT",
    "SUN",
    "THU",
    "TUE",
    "WED",
}


def check_sequence_template_schedule_type_0_days_item(value: str) -> SequenceTemplateScheduleType0DaysItem:
    if value in SEQUENCE_TEMPLATE_SCHEDULE_TYPE_0_DAYS_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEQUENCE_TEMPLATE_SCHEDULE_TYPE_0_DAYS_ITEM_VALUES!r}"
    )
