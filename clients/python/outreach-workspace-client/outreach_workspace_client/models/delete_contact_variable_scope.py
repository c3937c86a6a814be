from typing import Literal

DeleteContactVariableScope = Literal["account", "contact"]

DELETE_CONTACT_VARIABLE_SCOPE_VALUES: set[DeleteContactVariableScope] = {
    "account",
    "contact",
}


def check_delete_contact_variable_scope(value: str) -> DeleteContactVariableScope:
    if value in DELETE_CONTACT_VARIABLE_SCOPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DELETE_CONTACT_VARIABLE_SCOPE_VALUES!r}")
