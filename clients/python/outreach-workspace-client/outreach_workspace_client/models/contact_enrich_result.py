from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contact_enrich_result_credits_spent import (
    ContactEnrichResultCreditsSpent,
    check_contact_enrich_result_credits_spent,
)

if TYPE_CHECKING:
    from ..models.enriched_person import EnrichedPerson


T = TypeVar("T", bound="ContactEnrichResult")


@_attrs_define
class ContactEnrichResult:
    """
    Attributes:
        completed (bool): False while the provider works asynchronously: repeat the same call to pick the answer up (no
            credit is spent meanwhile).
        pending_provider (None | str): The provider still working when completed is false, else null. Example: sandbox-
            async.
        credits_spent (ContactEnrichResultCreditsSpent): One per answer with data; none for no match, a pending answer,
            or values taken from the workspace.
        credits_remaining (int): The organization's balance after this call.
        match_found (bool): True when data describes a person.
        data (EnrichedPerson | None): The person the provider found; null when it found no one or has not answered yet.
    """

    completed: bool
    pending_provider: None | str
    credits_spent: ContactEnrichResultCreditsSpent
    credits_remaining: int
    match_found: bool
    data: EnrichedPerson | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.enriched_person import EnrichedPerson  # noqa: PLC0415

        completed = self.completed

        pending_provider: None | str
        pending_provider = self.pending_provider

        credits_spent: int = self.credits_spent

        credits_remaining = self.credits_remaining

        match_found = self.match_found

        data: dict[str, Any] | None
        if isinstance(self.data, EnrichedPerson):
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
                "match_found": match_found,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.enriched_person import EnrichedPerson  # noqa: PLC0415

        d = dict(src_dict)
        completed = d.pop("completed")

        def _parse_pending_provider(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pending_provider = _parse_pending_provider(d.pop("pending_provider"))

        credits_spent = check_contact_enrich_result_credits_spent(d.pop("credits_spent"))

        credits_remaining = d.pop("credits_remaining")

        match_found = d.pop("match_found")

        def _parse_data(data: object) -> EnrichedPerson | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = EnrichedPerson.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EnrichedPerson | None, data)

        data = _parse_data(d.pop("data"))

        contact_enrich_result = cls(
            completed=completed,
            pending_provider=pending_provider,
            credits_spent=credits_spent,
            credits_remaining=credits_remaining,
            match_found=match_found,
            data=data,
        )

        contact_enrich_result.additional_properties = d
        return contact_enrich_result

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
