from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.error_type import ErrorType, check_error_type

if TYPE_CHECKING:
    from ..models.error_data import ErrorData


T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """
    Attributes:
        status_code (int):
        type_ (ErrorType):
        message (str):
        data (ErrorData | None): Details; for validation errors `errors` lists `{path, message}` per offending field.
        request_id (str):
    """

    status_code: int
    type_: ErrorType
    message: str
    data: ErrorData | None
    request_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.error_data import ErrorData  # noqa: PLC0415

        status_code = self.status_code

        type_: str = self.type_

        message = self.message

        data: dict[str, Any] | None
        if isinstance(self.data, ErrorData):
            data = self.data.to_dict()
        else:
            data = self.data

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status_code": status_code,
                "type": type_,
                "message": message,
                "data": data,
                "request_id": request_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_data import ErrorData  # noqa: PLC0415

        d = dict(src_dict)
        status_code = d.pop("status_code")

        type_ = check_error_type(d.pop("type"))

        message = d.pop("message")

        def _parse_data(data: object) -> ErrorData | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = ErrorData.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ErrorData | None, data)

        data = _parse_data(d.pop("data"))

        request_id = d.pop("request_id")

        error = cls(
            status_code=status_code,
            type_=type_,
            message=message,
            data=data,
            request_id=request_id,
        )

        error.additional_properties = d
        return error

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
