from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contact_get_and_enrich_result_credits_spent import (
    ContactGetAndEnrichResultCreditsSpent,
    check_contact_get_and_enrich_result_credits_spent,
)
from ..models.contact_get_and_enrich_result_source import (
    ContactGetAndEnrichResultSource,
    check_contact_get_and_enrich_result_source,
)

if TYPE_CHECKING:
    from ..models.enriched_contact import EnrichedContact


T = TypeVar("T", bound="ContactGetAndEnrichResult")


@_attrs_define
class ContactGetAndEnrichResult:
    """
    Attributes:
        completed (bool): False while the provider works asynchronously: repeat the same call to pick the answer up (no
            credit is spent meanwhile).
        pending_provider (None | str): The provider still working when completed is false, else null. Example: sandbox-
            async.
        credits_spent (ContactGetAndEnrichResultCreditsSpent): One per answer with data; none for no match, a pending
            answer, or values taken from the workspace.
        credits_remaining (int): The organization's balance after this call.
        contact_id (None | UUID): The workspace contact located, null when none matched.
        source (ContactGetAndEnrichResultSource): workspace: stored values only (the provider was not needed, found
            nothing, or is pending); provider: no contact matched and the provider was asked; workspace+provider: stored
            values with gaps filled by the provider.
        data (EnrichedContact | None): Stored values, gaps filled by the provider (never written back). seniority and
            company come only from the provider. Null when neither knows the person.
    """

    completed: bool
    pending_provider: None | str
    credits_spent: ContactGetAndEnrichResultCreditsSpent
    credits_remaining: int
    contact_id: None | UUID
    source: ContactGetAndEnrichResultSource
    data: EnrichedContact | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.enriched_contact import EnrichedContact  # noqa: PLC0415

        completed = self.completed

        pending_provider: None | str
        pending_provider = self.pending_provider

        credits_spent: int = self.credits_spent

        credits_remaining = self.credits_remaining

        contact_id: None | str
        if isinstance(self.contact_id, UUID):
            contact_id = str(self.contact_id)
        else:
            contact_id = self.contact_id

        source: str = self.source

        data: dict[str, Any] | None
        if isinstance(self.data, EnrichedContact):
            data = self.data.to_dict()
        else:
            data = self.data

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "completed": completed,
                "pending_provider": pending_provider,
                "credits_spent": credits_spent,
                "credits_remaining": credits_remaining,
                "contact_id": contact_id,
                "source": source,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.enriched_contact import EnrichedContact  # noqa: PLC0415

        d = dict(src_dict)
        completed = d.pop("completed")

        def _parse_pending_provider(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pending_provider = _parse_pending_provider(d.pop("pending_provider"))

        credits_spent = check_contact_get_and_enrich_result_credits_spent(d.pop("credits_spent"))

        credits_remaining = d.pop("credits_remaining")

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

        source = check_contact_get_and_enrich_result_source(d.pop("source"))

        def _parse_data(data: object) -> EnrichedContact | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = EnrichedContact.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EnrichedContact | None, data)

        data = _parse_data(d.pop("data"))

        contact_get_and_enrich_result = cls(
            completed=completed,
            pending_provider=pending_provider,
            credits_spent=credits_spent,
            credits_remaining=credits_remaining,
            contact_id=contact_id,
            source=source,
            data=data,
        )

        contact_get_and_enrich_result.additional_properties = d
        return contact_get_and_enrich_result

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
