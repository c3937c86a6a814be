from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sequence_status import SequenceStatus, check_sequence_status

if TYPE_CHECKING:
    from ..models.sequence_variables import SequenceVariables


T = TypeVar("T", bound="Sequence")


@_attrs_define
class Sequence:
    """
    Attributes:
        id (UUID):
        contact_id (UUID):
        account_id (None | UUID):
        sequence_template_id (UUID):
        status (SequenceStatus):
        stopped_reason (None | str): Why it ended early or was refused. For REFUSED: one of NO_IDENTIFIER, EXCLUDED,
            NO_CHANNEL, EMAIL_UNDELIVERABLE, TEMPLATE_NOT_ACTIVE.
        paused_until (datetime.datetime | None):
        current_step (int): Steps started so far (0 before the first).
        variables (SequenceVariables): Per-run template variables.
        source_contact_entry_id (None | UUID):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        ended_at (datetime.datetime | None):
        error (None | str): Set when the run ended STOPPED_EARLY with stopped_reason ERROR: a step failed in a way no
            retry can fix (data the database refused, a template that does not render) or kept failing for about a day. Null
            otherwise.
    """

    id: UUID
    contact_id: UUID
    account_id: None | UUID
    sequence_template_id: UUID
    status: SequenceStatus
    stopped_reason: None | str
    paused_until: datetime.datetime | None
    current_step: int
    variables: SequenceVariables
    source_contact_entry_id: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime
    ended_at: datetime.datetime | None
    error: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        contact_id = str(self.contact_id)

        account_id: None | str
        if isinstance(self.account_id, UUID):
            account_id = str(self.account_id)
        else:
            account_id = self.account_id

        sequence_template_id = str(self.sequence_template_id)

        status: str = self.status

        stopped_reason: None | str
        stopped_reason = self.stopped_reason

        paused_until: None | str
        if isinstance(self.paused_until, datetime.datetime):
            paused_until = self.paused_until.isoformat()
        else:
            paused_until = self.paused_until

        current_step = self.current_step

        variables = self.variables.to_dict()

        source_contact_entry_id: None | str
        if isinstance(self.source_contact_entry_id, UUID):
            source_contact_entry_id = str(self.source_contact_entry_id)
        else:
            source_contact_entry_id = self.source_contact_entry_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        error: None | str
        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "contact_id": contact_id,
                "account_id": account_id,
                "sequence_template_id": sequence_template_id,
                "status": status,
                "stopped_reason": stopped_reason,
                "paused_until": paused_until,
                "current_step": current_step,
                "variables": variables,
                "source_contact_entry_id": source_contact_entry_id,
                "created_at": created_at,
                "updated_at": updated_at,
                "ended_at": ended_at,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sequence_variables import SequenceVariables  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        contact_id = UUID(d.pop("contact_id"))

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

        sequence_template_id = UUID(d.pop("sequence_template_id"))

        status = check_sequence_status(d.pop("status"))

        def _parse_stopped_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stopped_reason = _parse_stopped_reason(d.pop("stopped_reason"))

        def _parse_paused_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_until_type_0 = datetime.datetime.fromisoformat(data)

                return paused_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        paused_until = _parse_paused_until(d.pop("paused_until"))

        current_step = d.pop("current_step")

        variables = SequenceVariables.from_dict(d.pop("variables"))

        def _parse_source_contact_entry_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_contact_entry_id_type_0 = UUID(data)

                return source_contact_entry_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        source_contact_entry_id = _parse_source_contact_entry_id(d.pop("source_contact_entry_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        sequence = cls(
            id=id,
            contact_id=contact_id,
            account_id=account_id,
            sequence_template_id=sequence_template_id,
            status=status,
            stopped_reason=stopped_reason,
            paused_until=paused_until,
            current_step=current_step,
            variables=variables,
            source_contact_entry_id=source_contact_entry_id,
            created_at=created_at,
            updated_at=updated_at,
            ended_at=ended_at,
            error=error,
        )

        sequence.additional_properties = d
        return sequence

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
