from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contact_entry_enrichment_status import ContactEntryEnrichmentStatus, check_contact_entry_enrichment_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contact_entry_sequence import ContactEntrySequence


T = TypeVar("T", bound="ContactEntry")


@_attrs_define
class ContactEntry:
    """
    Attributes:
        id (UUID):
        contact_list_id (UUID):
        contact_id (None | UUID):
        email (None | str):
        linkedin_url (None | str):
        external_contact_id (None | str):
        enrichment_status (ContactEntryEnrichmentStatus): The lead import: PENDING until the profile is completed, then
            DONE, or FAILED (see enrichment_error).
        sequence (ContactEntrySequence | None): The latest sequence this entry sourced (list auto-enrollment); REFUSED
            ones carry the reason.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        first_name (None | str | Unset):
        last_name (None | str | Unset):
        company_name (None | str | Unset):
        company_domain (None | str | Unset):
        job_title (None | str | Unset):
        phone (None | str | Unset):
        enrichment_error (None | str | Unset):
        resolved_at (datetime.datetime | None | Unset):
    """

    id: UUID
    contact_list_id: UUID
    contact_id: None | UUID
    email: None | str
    linkedin_url: None | str
    external_contact_id: None | str
    enrichment_status: ContactEntryEnrichmentStatus
    sequence: ContactEntrySequence | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    first_name: None | str | Unset = UNSET
    last_name: None | str | Unset = UNSET
    company_name: None | str | Unset = UNSET
    company_domain: None | str | Unset = UNSET
    job_title: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    enrichment_error: None | str | Unset = UNSET
    resolved_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.contact_entry_sequence import ContactEntrySequence  # noqa: PLC0415

        id = str(self.id)

        contact_list_id = str(self.contact_list_id)

        contact_id: None | str
        if isinstance(self.contact_id, UUID):
            contact_id = str(self.contact_id)
        else:
            contact_id = self.contact_id

        email: None | str
        email = self.email

        linkedin_url: None | str
        linkedin_url = self.linkedin_url

        external_contact_id: None | str
        external_contact_id = self.external_contact_id

        enrichment_status: str = self.enrichment_status

        sequence: dict[str, Any] | None
        if isinstance(self.sequence, ContactEntrySequence):
            sequence = self.sequence.to_dict()
        else:
            sequence = self.sequence

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

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

        company_name: None | str | Unset
        if isinstance(self.company_name, Unset):
            company_name = UNSET
        else:
            company_name = self.company_name

        company_domain: None | str | Unset
        if isinstance(self.company_domain, Unset):
            company_domain = UNSET
        else:
            company_domain = self.company_domain

        job_title: None | str | Unset
        if isinstance(self.job_title, Unset):
            job_title = UNSET
        else:
            job_title = self.job_title

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        enrichment_error: None | str | Unset
        if isinstance(self.enrichment_error, Unset):
            enrichment_error = UNSET
        else:
            enrichment_error = self.enrichment_error

        resolved_at: None | str | Unset
        if isinstance(self.resolved_at, Unset):
            resolved_at = UNSET
        elif isinstance(self.resolved_at, datetime.datetime):
            resolved_at = self.resolved_at.isoformat()
        else:
            resolved_at = self.resolved_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "contact_list_id": contact_list_id,
                "contact_id": contact_id,
                "email": email,
                "linkedin_url": linkedin_url,
                "external_contact_id": external_contact_id,
                "enrichment_status": enrichment_status,
                "sequence": sequence,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if first_name is not UNSET:
            field_dict["first_name"] = first_name
        if last_name is not UNSET:
            field_dict["last_name"] = last_name
        if company_name is not UNSET:
            field_dict["company_name"] = company_name
        if company_domain is not UNSET:
            field_dict["company_domain"] = company_domain
        if job_title is not UNSET:
            field_dict["job_title"] = job_title
        if phone is not UNSET:
            field_dict["phone"] = phone
        if enrichment_error is not UNSET:
            field_dict["enrichment_error"] = enrichment_error
        if resolved_at is not UNSET:
            field_dict["resolved_at"] = resolved_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_entry_sequence import ContactEntrySequence  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        contact_list_id = UUID(d.pop("contact_list_id"))

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

        def _parse_external_contact_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_contact_id = _parse_external_contact_id(d.pop("external_contact_id"))

        enrichment_status = check_contact_entry_enrichment_status(d.pop("enrichment_status"))

        def _parse_sequence(data: object) -> ContactEntrySequence | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sequence_type_0 = ContactEntrySequence.from_dict(data)

                return sequence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContactEntrySequence | None, data)

        sequence = _parse_sequence(d.pop("sequence"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

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

        def _parse_company_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_name = _parse_company_name(d.pop("company_name", UNSET))

        def _parse_company_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company_domain = _parse_company_domain(d.pop("company_domain", UNSET))

        def _parse_job_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        job_title = _parse_job_title(d.pop("job_title", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_enrichment_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        enrichment_error = _parse_enrichment_error(d.pop("enrichment_error", UNSET))

        def _parse_resolved_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolved_at_type_0 = datetime.datetime.fromisoformat(data)

                return resolved_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        resolved_at = _parse_resolved_at(d.pop("resolved_at", UNSET))

        contact_entry = cls(
            id=id,
            contact_list_id=contact_list_id,
            contact_id=contact_id,
            email=email,
            linkedin_url=linkedin_url,
            external_contact_id=external_contact_id,
            enrichment_status=enrichment_status,
            sequence=sequence,
            created_at=created_at,
            updated_at=updated_at,
            first_name=first_name,
            last_name=last_name,
            company_name=company_name,
            company_domain=company_domain,
            job_title=job_title,
            phone=phone,
            enrichment_error=enrichment_error,
            resolved_at=resolved_at,
        )

        contact_entry.additional_properties = d
        return contact_entry

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
