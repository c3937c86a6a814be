from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contact_description import ContactDescription
    from ..models.icp_context import IcpContext


T = TypeVar("T", bound="ContactQualifyByContactId")


@_attrs_define
class ContactQualifyByContactId:
    """
    Attributes:
        contact_id (UUID): A stored contact of this workspace (404 otherwise).
        contact (ContactDescription | Unset): An inline description. Company facts not given are taken from the
            directory by company_domain.
        icp_context (IcpContext | Unset): An ICP used instead of the workspace profile for this call (it replaces it
            whole; lists left out are empty).
    """

    contact_id: UUID
    contact: ContactDescription | Unset = UNSET
    icp_context: IcpContext | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        contact_id = str(self.contact_id)

        contact: dict[str, Any] | Unset = UNSET
        if not isinstance(self.contact, Unset):
            contact = self.contact.to_dict()

        icp_context: dict[str, Any] | Unset = UNSET
        if not isinstance(self.icp_context, Unset):
            icp_context = self.icp_context.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contact_id": contact_id,
            }
        )
        if contact is not UNSET:
            field_dict["contact"] = contact
        if icp_context is not UNSET:
            field_dict["icp_context"] = icp_context

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_description import ContactDescription  # noqa: PLC0415
        from ..models.icp_context import IcpContext  # noqa: PLC0415

        d = dict(src_dict)
        contact_id = UUID(d.pop("contact_id"))

        _contact = d.pop("contact", UNSET)
        contact: ContactDescription | Unset
        if isinstance(_contact, Unset):
            contact = UNSET
        else:
            contact = ContactDescription.from_dict(_contact)

        _icp_context = d.pop("icp_context", UNSET)
        icp_context: IcpContext | Unset
        if isinstance(_icp_context, Unset):
            icp_context = UNSET
        else:
            icp_context = IcpContext.from_dict(_icp_context)

        contact_qualify_by_contact_id = cls(
            contact_id=contact_id,
            contact=contact,
            icp_context=icp_context,
        )

        return contact_qualify_by_contact_id
