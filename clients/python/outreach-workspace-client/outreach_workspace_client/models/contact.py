from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contact_email_status import ContactEmailStatus, check_contact_email_status

if TYPE_CHECKING:
    from ..models.owner import Owner


T = TypeVar("T", bound="Contact")


@_attrs_define
class Contact:
    """
    Attributes:
        id (UUID):
        first_name (None | str):
        last_name (None | str):
        email (None | str):
        linkedin_url (None | str):
        job_title (None | str):
        company_name (None | str):
        company_domain (None | str):
        account_id (None | UUID):
        phone (None | str):
        owner_user_id (None | UUID):
        owner (None | Owner):
        email_status (ContactEmailStatus): Result of the last email verification.
        first_seen_at (datetime.datetime):
        last_seen_at (datetime.datetime):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    first_name: None | str
    last_name: None | str
    email: None | str
    linkedin_url: None | str
    job_title: None | str
    company_name: None | str
    company_domain: None | str
    account_id: None | UUID
    phone: None | str
    owner_user_id: None | UUID
    owner: None | Owner
    email_status: ContactEmailStatus
    first_seen_at: datetime.datetime
    last_seen_at: datetime.datetime
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.owner import Owner  # noqa: PLC0415

        id = str(self.id)

        first_name: None | str
        first_name = self.first_name

        last_name: None | str
        last_name = self.last_name

        email: None | str
        email = self.email

        linkedin_url: None | str
        linkedin_url = self.linkedin_url

        job_title: None | str
        job_title = self.job_title

        company_name: None | str
        company_name = self.company_name

        company_domain: None | str
        company_domain = self.company_domain

        account_id: None | str
        if isinstance(self.account_id, UUID):
            account_id = str(self.account_id)
        else:
            account_id = self.account_id

        phone: None | str
        phone = self.phone

        owner_user_id: None | str
        if isinstance(self.owner_user_id, UUID):
            owner_user_id = str(self.owner_user_id)
        else:
            owner_user_id = self.owner_user_id

        owner: dict[str, Any] | None
        if isinstance(self.owner, Owner):
            owner = self.owner.to_dict()
        else:
            owner = self.owner

        email_status: str = self.email_status

        first_seen_at = self.first_seen_at.isoformat()

        last_seen_at = self.last_seen_at.isoformat()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "first_name": first_name,
                "last_name": last_name,
                "email": email,
                "linkedin_url": linkedin_url,
                "job_title": job_title,
                "company_name": company_name,
                "company_domain": company_domain,
                "account_id": account_id,
                "phone": phone,
                "owner_user_id": owner_user_id,
                "owner": owner,
                "email_status": email_status,
                "first_seen_at": first_seen_at,
                "last_seen_at": last_seen_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owner import Owner  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_first_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        first_name = _parse_first_name(d.pop("first_name"))

        def _parse_last_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_name = _parse_last_name(d.pop("last_name"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_linkedin_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        linkedin_url = _parse_linkedin_url(d.pop("linkedin_url"))

        def _parse_job_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        job_title = _parse_job_title(d.pop("job_title"))

        def _parse_company_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_name = _parse_company_name(d.pop("company_name"))

        def _parse_company_domain(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_domain = _parse_company_domain(d.pop("company_domain"))

        def _parse_account_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                account_id_type_0 = UUID(data)

                return account_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        account_id = _parse_account_id(d.pop("account_id"))

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        def _parse_owner_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                owner_user_id_type_0 = UUID(data)

                return owner_user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        owner_user_id = _parse_owner_user_id(d.pop("owner_user_id"))

        def _parse_owner(data: object) -> None | Owner:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                owner_type_0 = Owner.from_dict(data)

                return owner_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Owner, data)

        owner = _parse_owner(d.pop("owner"))

        email_status = check_contact_email_status(d.pop("email_status"))

        first_seen_at = datetime.datetime.fromisoformat(d.pop("first_seen_at"))

        last_seen_at = datetime.datetime.fromisoformat(d.pop("last_seen_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        contact = cls(
            id=id,
            first_name=first_name,
            last_name=last_name,
            email=email,
            linkedin_url=linkedin_url,
            job_title=job_title,
            company_name=company_name,
            company_domain=company_domain,
            account_id=account_id,
            phone=phone,
            owner_user_id=owner_user_id,
            owner=owner,
            email_status=email_status,
            first_seen_at=first_seen_at,
            last_seen_at=last_seen_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        contact.additional_properties = d
        return contact

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
