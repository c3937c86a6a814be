from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.task_completion_source import TaskCompletionSource, check_task_completion_source
from ..models.task_disposition import TaskDisposition, check_task_disposition
from ..models.task_priority import TaskPriority, check_task_priority
from ..models.task_reopen_reason import TaskReopenReason, check_task_reopen_reason
from ..models.task_status import TaskStatus, check_task_status
from ..models.task_type import TaskType, check_task_type

if TYPE_CHECKING:
    from ..models.activity_contact_summary import ActivityContactSummary
    from ..models.owner import Owner
    from ..models.sequence_template_summary import SequenceTemplateSummary


T = TypeVar("T", bound="ActivityTask")


@_attrs_define
class ActivityTask:
    """
    Attributes:
        id (UUID):
        organization_id (UUID):
        type_ (TaskType):
        priority (TaskPriority):
        status (TaskStatus):
        sequence_id (None | UUID):
        contact_id (None | UUID): The task's contact, else its sequence's.
        assignee_user_id (None | UUID):
        message_id (None | UUID): Reply tasks: the INBOUND message to answer.
        step_number (int | None):
        title (None | str):
        notes (None | str):
        due_date (datetime.date | None):
        disposition (None | TaskDisposition): Call outcome; null until set.
        phone (None | str): CALL tasks: the number logged by execute `call`.
        completion_source (None | TaskCompletionSource):
        reopen_reason (None | TaskReopenReason): REMINDER_RULE: the task came back from a snooze.
        snoozed_until (datetime.datetime | None): Set while snoozed; cleared when the task comes back.
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
        skipped_at (datetime.datetime | None):
        reopened_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        contact (ActivityContactSummary | None):
        assignee (None | Owner):
        sequence_template (None | SequenceTemplateSummary):
    """

    id: UUID
    organization_id: UUID
    type_: TaskType
    priority: TaskPriority
    status: TaskStatus
    sequence_id: None | UUID
    contact_id: None | UUID
    assignee_user_id: None | UUID
    message_id: None | UUID
    step_number: int | None
    title: None | str
    notes: None | str
    due_date: datetime.date | None
    disposition: None | TaskDisposition
    phone: None | str
    completion_source: None | TaskCompletionSource
    reopen_reason: None | TaskReopenReason
    snoozed_until: datetime.datetime | None
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    skipped_at: datetime.datetime | None
    reopened_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    contact: ActivityContactSummary | None
    assignee: None | Owner
    sequence_template: None | SequenceTemplateSummary
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.activity_contact_summary import ActivityContactSummary  # noqa: PLC0415
        from ..models.owner import Owner  # noqa: PLC0415
        from ..models.sequence_template_summary import SequenceTemplateSummary  # noqa: PLC0415

        id = str(self.id)

        organization_id = str(self.organization_id)

        type_: str = self.type_

        priority: str = self.priority

        status: str = self.status

        sequence_id: None | str
        if isinstance(self.sequence_id, UUID):
            sequence_id = str(self.sequence_id)
        else:
            sequence_id = self.sequence_id

        contact_id: None | str
        if isinstance(self.contact_id, UUID):
            contact_id = str(self.contact_id)
        else:
            contact_id = self.contact_id

        assignee_user_id: None | str
        if isinstance(self.assignee_user_id, UUID):
            assignee_user_id = str(self.assignee_user_id)
        else:
            assignee_user_id = self.assignee_user_id

        message_id: None | str
        if isinstance(self.message_id, UUID):
            message_id = str(self.message_id)
        else:
            message_id = self.message_id

        step_number: int | None
        step_number = self.step_number

        title: None | str
        title = self.title

        notes: None | str
        notes = self.notes

        due_date: None | str
        if isinstance(self.due_date, datetime.date):
            due_date = self.due_date.isoformat()
        else:
            due_date = self.due_date

        disposition: None | str
        if isinstance(self.disposition, str):
            disposition = self.disposition
        else:
            disposition = self.disposition

        phone: None | str
        phone = self.phone

        completion_source: None | str
        if isinstance(self.completion_source, str):
            completion_source = self.completion_source
        else:
            completion_source = self.completion_source

        reopen_reason: None | str
        if isinstance(self.reopen_reason, str):
            reopen_reason = self.reopen_reason
        else:
            reopen_reason = self.reopen_reason

        snoozed_until: None | str
        if isinstance(self.snoozed_until, datetime.datetime):
            snoozed_until = self.snoozed_until.isoformat()
        else:
            snoozed_until = self.snoozed_until

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        skipped_at: None | str
        if isinstance(self.skipped_at, datetime.datetime):
            skipped_at = self.skipped_at.isoformat()
        else:
            skipped_at = self.skipped_at

        reopened_at: None | str
        if isinstance(self.reopened_at, datetime.datetime):
            reopened_at = self.reopened_at.isoformat()
        else:
            reopened_at = self.reopened_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        contact: dict[str, Any] | None
        if isinstance(self.contact, ActivityContactSummary):
            contact = self.contact.to_dict()
        else:
            contact = self.contact

        assignee: dict[str, Any] | None
        if isinstance(self.assignee, Owner):
            assignee = self.assignee.to_dict()
        else:
            assignee = self.assignee

        sequence_template: dict[str, Any] | None
        if isinstance(self.sequence_template, SequenceTemplateSummary):
            sequence_template = self.sequence_template.to_dict()
        else:
            sequence_template = self.sequence_template

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "organizationId": organization_id,
                "type": type_,
                "priority": priority,
                "status": status,
                "sequenceId": sequence_id,
                "contactId": contact_id,
                "assigneeUserId": assignee_user_id,
                "messageId": message_id,
                "stepNumber": step_number,
                "title": title,
                "notes": notes,
                "dueDate": due_date,
                "disposition": disposition,
                "phone": phone,
                "completionSource": completion_source,
                "reopenReason": reopen_reason,
                "snoozedUntil": snoozed_until,
                "startedAt": started_at,
                "completedAt": completed_at,
                "skippedAt": skipped_at,
                "reopenedAt": reopened_at,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "contact": contact,
                "assignee": assignee,
                "sequenceTemplate": sequence_template,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.activity_contact_summary import ActivityContactSummary  # noqa: PLC0415
        from ..models.owner import Owner  # noqa: PLC0415
        from ..models.sequence_template_summary import SequenceTemplateSummary  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        organization_id = UUID(d.pop("organizationId"))

        type_ = check_task_type(d.pop("type"))

        priority = check_task_priority(d.pop("priority"))

        status = check_task_status(d.pop("status"))

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

        sequence_id = _parse_sequence_id(d.pop("sequenceId"))

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

        contact_id = _parse_contact_id(d.pop("contactId"))

        def _parse_assignee_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assignee_user_id_type_0 = UUID(data)

                return assignee_user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        assignee_user_id = _parse_assignee_user_id(d.pop("assigneeUserId"))

        def _parse_message_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                message_id_type_0 = UUID(data)

                return message_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        message_id = _parse_message_id(d.pop("messageId"))

        def _parse_step_number(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        step_number = _parse_step_number(d.pop("stepNumber"))

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        def _parse_due_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                due_date_type_0 = datetime.date.fromisoformat(data)

                return due_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        due_date = _parse_due_date(d.pop("dueDate"))

        def _parse_disposition(data: object) -> None | TaskDisposition:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disposition_type_0 = check_task_disposition(data)

                return disposition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaskDisposition, data)

        disposition = _parse_disposition(d.pop("disposition"))

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        def _parse_completion_source(data: object) -> None | TaskCompletionSource:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completion_source_type_0 = check_task_completion_source(data)

                return completion_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaskCompletionSource, data)

        completion_source = _parse_completion_source(d.pop("completionSource"))

        def _parse_reopen_reason(data: object) -> None | TaskReopenReason:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reopen_reason_type_0 = check_task_reopen_reason(data)

                return reopen_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaskReopenReason, data)

        reopen_reason = _parse_reopen_reason(d.pop("reopenReason"))

        def _parse_snoozed_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                snoozed_until_type_0 = datetime.datetime.fromisoformat(data)

                return snoozed_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        snoozed_until = _parse_snoozed_until(d.pop("snoozedUntil"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("startedAt"))

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

        completed_at = _parse_completed_at(d.pop("completedAt"))

        def _parse_skipped_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                skipped_at_type_0 = datetime.datetime.fromisoformat(data)

                return skipped_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        skipped_at = _parse_skipped_at(d.pop("skippedAt"))

        def _parse_reopened_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reopened_at_type_0 = datetime.datetime.fromisoformat(data)

                return reopened_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        reopened_at = _parse_reopened_at(d.pop("reopenedAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_contact(data: object) -> ActivityContactSummary | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contact_type_0 = ActivityContactSummary.from_dict(data)

                return contact_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActivityContactSummary | None, data)

        contact = _parse_contact(d.pop("contact"))

        def _parse_assignee(data: object) -> None | Owner:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                assignee_type_0 = Owner.from_dict(data)

                return assignee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Owner, data)

        assignee = _parse_assignee(d.pop("assignee"))

        def _parse_sequence_template(data: object) -> None | SequenceTemplateSummary:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sequence_template_type_0 = SequenceTemplateSummary.from_dict(data)

                return sequence_template_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SequenceTemplateSummary, data)

        sequence_template = _parse_sequence_template(d.pop("sequenceTemplate"))

        activity_task = cls(
            id=id,
            organization_id=organization_id,
            type_=type_,
            priority=priority,
            status=status,
            sequence_id=sequence_id,
            contact_id=contact_id,
            assignee_user_id=assignee_user_id,
            message_id=message_id,
            step_number=step_number,
            title=title,
            notes=notes,
            due_date=due_date,
            disposition=disposition,
            phone=phone,
            completion_source=completion_source,
            reopen_reason=reopen_reason,
            snoozed_until=snoozed_until,
            started_at=started_at,
            completed_at=completed_at,
            skipped_at=skipped_at,
            reopened_at=reopened_at,
            created_at=created_at,
            updated_at=updated_at,
            contact=contact,
            assignee=assignee,
            sequence_template=sequence_template,
        )

        activity_task.additional_properties = d
        return activity_task

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
