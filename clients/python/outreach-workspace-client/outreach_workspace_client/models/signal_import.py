from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.signal_import_kind import SignalImportKind, check_signal_import_kind
from ..models.signal_import_status import SignalImportStatus, check_signal_import_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.signal_import_metadata import SignalImportMetadata


T = TypeVar("T", bound="SignalImport")


@_attrs_define
class SignalImport:
    """
    Attributes:
        id (UUID):
        signal_id (UUID):
        kind (SignalImportKind):
        occurred_at (datetime.datetime): When the underlying fact occurred (the feed order).
        status (SignalImportStatus):
        contact_id (None | UUID):
        account_id (None | UUID):
        metadata (SignalImportMetadata): What the fact was (event_type, details); custom events: the event id, subject
            and the payload copied exactly as sent (left out above 32 KB serialized, with `payload_omitted`).
        first_name (None | str | Unset):
        last_name (None | str | Unset):
        email (None | str | Unset):
        job_title (None | str | Unset):
        linkedin_url (None | str | Unset):
        company_domain (None | str | Unset):
        account_name (None | str | Unset):
        account_domain (None | str | Unset):
        created_at (datetime.datetime | Unset):
    """

    id: UUID
    signal_id: UUID
    kind: SignalImportKind
    occurred_at: datetime.datetime
    status: SignalImportStatus
    contact_id: None | UUID
    account_id: None | UUID
    metadata: SignalImportMetadata
    first_name: None | str | Unset = UNSET
    last_name: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    job_title: None | str | Unset = UNSET
    linkedin_url: None | str | Unset = UNSET
    company_domain: None | str | Unset = UNSET
    account_name: None | str | Unset = UNSET
    account_domain: None | str | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        signal_id = str(self.signal_id)

        kind: str = self.kind

        occurred_at = self.occurred_at.isoformat()

        status: str = self.status

        contact_id: None | str
        if isinstance(self.contact_id, UUID):
            contact_id = str(self.contact_id)
        else:
            contact_id = self.contact_id

        account_id: None | str
        if isinstance(self.account_id, UUID):
            account_id = str(self.account_id)
        else:
            account_id = self.account_id

        metadata = self.metadata.to_dict()

        first_name: None | str | Unset
        if isinstance(self.first_name, Unset):
            first_name = UNSET
        else:
            first_name = self.first_name

        last_name: None | str | Unset
        if isinstance(self.last_name, Unset):
            last_name = UNSET
        else:
            last_name = self.last_name

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        job_title: None | str | Unset
        if isinstance(self.job_title, Unset):
            job_title = UNSET
        else:
            job_title = self.job_title

        linkedin_url: None | str | Unset
        if isinstance(self.linkedin_url, Unset):
            linkedin_url = UNSET
        else:
            linkedin_url = self.linkedin_url

        company_domain: None | str | Unset
        if isinstance(self.company_domain, Unset):
            company_domain = UNSET
        else:
            company_domain = self.company_domain

        account_name: None | str | Unset
        if isinstance(self.account_name, Unset):
            account_name = UNSET
        else:
            account_name = self.account_name

        account_domain: None | str | Unset
        if isinstance(self.account_domain, Unset):
            account_domain = UNSET
        else:
            account_domain = self.account_domain

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "signal_id": signal_id,
                "kind": kind,
                "occurred_at": occurred_at,
                "status": status,
                "contact_id": contact_id,
                "account_id": account_id,
                "metadata": metadata,
            }
        )
        if first_name is not UNSET:
            field_dict["first_name"] = first_name
        if last_name is not UNSET:
            field_dict["last_name"] = last_name
        if email is not UNSET:
            field_dict["email"] = email
        if job_title is not UNSET:
            field_dict["job_title"] = job_title
        if linkedin_url is not UNSET:
            field_dict["linkedin_url"] = linkedin_url
        if company_domain is not UNSET:
            field_dict["company_domain"] = company_domain
        if account_name is not UNSET:
            field_dict["account_name"] = account_name
        if account_domain is not UNSET:
            field_dict["account_domain"] = account_domain
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signal_import_metadata import SignalImportMetadata  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        signal_id = UUID(d.pop("signal_id"))

        kind = check_signal_import_kind(d.pop("kind"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        status = check_signal_import_status(d.pop("status"))

        def _parse_contact_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contact_id_type_0 = UUID(data)

                return contact_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        contact_id = _parse_contact_id(d.pop("contact_id"))

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

        metadata = SignalImportMetadata.from_dict(d.pop("metadata"))

        def _parse_first_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        first_name = _parse_first_name(d.pop("first_name", UNSET))

        def _parse_last_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_name = _parse_last_name(d.pop("last_name", UNSET))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_job_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        job_title = _parse_job_title(d.pop("job_title", UNSET))

        def _parse_linkedin_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        linkedin_url = _parse_linkedin_url(d.pop("linkedin_url", UNSET))

        def _parse_company_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_domain = _parse_company_domain(d.pop("company_domain", UNSET))

        def _parse_account_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account_name = _parse_account_name(d.pop("account_name", UNSET))

        def _parse_account_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account_domain = _parse_account_domain(d.pop("account_domain", UNSET))

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        signal_import = cls(
            id=id,
            signal_id=signal_id,
            kind=kind,
            occurred_at=occurred_at,
            status=status,
            contact_id=contact_id,
            account_id=account_id,
            metadata=metadata,
            first_name=first_name,
            last_name=last_name,
            email=email,
            job_title=job_title,
            linkedin_url=linkedin_url,
            company_domain=company_domain,
            account_name=account_name,
            account_domain=account_domain,
            created_at=created_at,
        )

        signal_import.additional_properties = d
        return signal_import

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
