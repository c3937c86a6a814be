from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.account_list_batch_item_status import AccountListBatchItemStatus, check_account_list_batch_item_status

if TYPE_CHECKING:
    from ..models.account_list import AccountList
    from ..models.batch_item_error import BatchItemError


T = TypeVar("T", bound="AccountListBatchItem")


@_attrs_define
class AccountListBatchItem:
    """
    Attributes:
        index (int): Position of the item in the request.
        status (AccountListBatchItemStatus):
        resource (AccountList | None):
        error (BatchItemError | None):
    """

    index: int
    status: AccountListBatchItemStatus
    resource: AccountList | None
    error: BatchItemError | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.account_list import AccountList  # noqa: PLC0415
        from ..models.batch_item_error import BatchItemError  # noqa: PLC0415

        index = self.index

        status: str = self.status

        resource: dict[str, Any] | None
        if isinstance(self.resource, AccountList):
            resource = self.resource.to_dict()
        else:
            resource = self.resource

        error: dict[str, Any] | None
        if isinstance(self.error, BatchItemError):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "status": status,
                "resource": resource,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_list import AccountList  # noqa: PLC0415
        from ..models.batch_item_error import BatchItemError  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        status = check_account_list_batch_item_status(d.pop("status"))

        def _parse_resource(data: object) -> AccountList | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                resource_type_0 = AccountList.from_dict(data)

                return resource_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AccountList | None, data)

        resource = _parse_resource(d.pop("resource"))

        def _parse_error(data: object) -> BatchItemError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = BatchItemError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BatchItemError | None, data)

        error = _parse_error(d.pop("error"))

        account_list_batch_item = cls(
            index=index,
            status=status,
            resource=resource,
            error=error,
        )

        account_list_batch_item.additional_properties = d
        return account_list_batch_item

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
