from typing import Literal

CrmWriteResultObjectType = Literal["account", "contact"]

CRM_WRITE_RESULT_OBJECT_TYPE_VALUES: set[CrmWriteResultObjectType] = {
    "account",
    "contact",
}


def check_crm_write_result_object_type(value: str) -> CrmWriteResultObjectType:
    if value in CRM_WRITE_RESULT_OBJECT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CRM_WRITE_RESULT_OBJECT_TYPE_VALUES!r}")
