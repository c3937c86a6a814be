from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.playbook_run_outcome import PlaybookRunOutcome, check_playbook_run_outcome
from ..models.playbook_run_status import PlaybookRunStatus, check_playbook_run_status

if TYPE_CHECKING:
    from ..models.playbook_action import PlaybookAction


T = TypeVar("T", bound="PlaybookRun")


@_attrs_define
class PlaybookRun:
    """
    Attributes:
        id (UUID):
        playbook_id (UUID):
        event_id (UUID): The ingested event that triggered the run.
        contact_id (UUID): The contact the event resolved to: the one the action acts on.
        status (PlaybookRunStatus): PENDING: to be carried out within seconds (an enrollment, new or approved);
            AWAITING_APPROVAL: its PLAYBOOK_APPROVAL task is open; COMPLETED: carried out (see outcome); REJECTED: declined
            at approval; FAILED: could not be carried out (see error).
        action (PlaybookAction): ENROLL_IN_SEQUENCE {type, sequence_template_id} or CREATE_TASK {type, title, priority,
            due_in_days} (defaults filled in).
        approval_task_id (None | UUID): The PLAYBOOK_APPROVAL task (requires_approval).
        outcome (None | PlaybookRunOutcome):
        sequence_id (None | UUID): ENROLL_IN_SEQUENCE: the sequence written (ACTIVE, FOUND or REFUSED) or the one
            already running.
        created_task_id (None | UUID): CREATE_TASK: the TODO created.
        error (None | str): Why an enrollment was refused, or why the run FAILED.
        decided_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    playbook_id: UUID
    event_id: UUID
    contact_id: UUID
    status: PlaybookRunStatus
    action: PlaybookAction
    approval_task_id: None | UUID
    outcome: None | PlaybookRunOutcome
    sequence_id: None | UUID
    created_task_id: None | UUID
    error: None | str
    decided_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        playbook_id = str(self.playbook_id)

        event_id = str(self.event_id)

        contact_id = str(self.contact_id)

        status: str = self.status

        action = self.action.to_dict()

        approval_task_id: None | str
        if isinstance(self.approval_task_id, UUID):
            approval_task_id = str(self.approval_task_id)
        else:
            approval_task_id = self.approval_task_id

        outcome: None | str
        if isinstance(self.outcome, str):
            outcome = self.outcome
        else:
            outcome = self.outcome

        sequence_id: None | str
        if isinstance(self.sequence_id, UUID):
            sequence_id = str(self.sequence_id)
        else:
            sequence_id = self.sequence_id

        created_task_id: None | str
        if isinstance(self.created_task_id, UUID):
            created_task_id = str(self.created_task_id)
        else:
            created_task_id = self.created_task_id

        error: None | str
        error = self.error

        decided_at: None | str
        if isinstance(self.decided_at, datetime.datetime):
            decided_at = self.decided_at.isoformat()
        else:
            decided_at = self.decided_at

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "playbook_id": playbook_id,
                "event_id": event_id,
                "contact_id": contact_id,
                "status": status,
                "action": action,
                "approval_task_id": approval_task_id,
                "outcome": outcome,
                "sequence_id": sequence_id,
                "created_task_id": created_task_id,
                "error": error,
                "decided_at": decided_at,
                "completed_at": completed_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.playbook_action import PlaybookAction  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        playbook_id = UUID(d.pop("playbook_id"))

        event_id = UUID(d.pop("event_id"))

        contact_id = UUID(d.pop("contact_id"))

        status = check_playbook_run_status(d.pop("status"))

        action = PlaybookAction.from_dict(d.pop("action"))

        def _parse_approval_task_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                approval_task_id_type_0 = UUID(data)

                return approval_task_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        approval_task_id = _parse_approval_task_id(d.pop("approval_task_id"))

        def _parse_outcome(data: object) -> None | PlaybookRunOutcome:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                outcome_type_0 = check_playbook_run_outcome(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlaybookRunOutcome, data)

        outcome = _parse_outcome(d.pop("outcome"))

        def _parse_sequence_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sequence_id_type_0 = UUID(data)

                return sequence_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        sequence_id = _parse_sequence_id(d.pop("sequence_id"))

        def _parse_created_task_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_task_id_type_0 = UUID(data)

                return created_task_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        created_task_id = _parse_created_task_id(d.pop("created_task_id"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_decided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_at_type_0 = datetime.datetime.fromisoformat(data)

                return decided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))

        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        playbook_run = cls(
            id=id,
            playbook_id=playbook_id,
            event_id=event_id,
            contact_id=contact_id,
            status=status,
            action=action,
            approval_task_id=approval_task_id,
            outcome=outcome,
            sequence_id=sequence_id,
            created_task_id=created_task_id,
            error=error,
            decided_at=decided_at,
            completed_at=completed_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        playbook_run.additional_properties = d
        return playbook_run

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
