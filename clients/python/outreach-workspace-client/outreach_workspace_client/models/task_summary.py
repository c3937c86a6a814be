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
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contact_summary import ContactSummary
    from ..models.owner import Owner
    from ..models.sequence_template_summary import SequenceTemplateSummary


T = TypeVar("T", bound="TaskSummary")


@_attrs_define
class TaskSummary:
    """The task created: a standalone to-do's is the whole `Task`; a task a sequence creates (a CALL step, a reply to
    answer, a lead to review) has `id`, `type`, `status` and `title`, with `priority` and `step_number` when the step
    gives them.

        Attributes:
            id (UUID):
            type_ (TaskType):
            status (TaskStatus):
            title (None | str):
            organization_id (UUID | Unset):
            priority (TaskPriority | Unset):
            sequence_id (None | Unset | UUID):
            contact_id (None | Unset | UUID): The task's contact, else its sequence's.
            assignee_user_id (None | Unset | UUID):
            message_id (None | Unset | UUID): Reply tasks: the INBOUND message to answer.
            step_number (int | None | Unset):
            notes (None | str | Unset):
            due_date (datetime.date | None | Unset):
            disposition (None | TaskDisposition | Unset): Call outcome; null until set.
            phone (None | str | Unset): CALL tasks: the number logged by execute `call`.
            completion_source (None | TaskCompletionSource | Unset):
            reopen_reason (None | TaskReopenReason | Unset): REMINDER_RULE: the task came back from a snooze.
            snoozed_until (datetime.datetime | None | Unset): Set while snoozed; cleared when the task comes back.
            started_at (datetime.datetime | None | Unset):
            completed_at (datetime.datetime | None | Unset):
            skipped_at (datetime.datetime | None | Unset):
            reopened_at (datetime.datetime | None | Unset):
            created_at (datetime.datetime | Unset):
            updated_at (datetime.datetime | Unset):
            contact (ContactSummary | None | Unset):
            assignee (None | Owner | Unset):
            sequence_template (None | SequenceTemplateSummary | Unset):
    """

    id: UUID
    type_: TaskType
    status: TaskStatus
    title: None | str
    organization_id: UUID | Unset = UNSET
    priority: TaskPriority | Unset = UNSET
    sequence_id: None | Unset | UUID = UNSET
    contact_id: None | Unset | UUID = UNSET
    assignee_user_id: None | Unset | UUID = UNSET
    message_id: None | Unset | UUID = UNSET
    step_number: int | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    due_date: datetime.date | None | Unset = UNSET
    disposition: None | TaskDisposition | Unset = UNSET
    phone: None | str | Unset = UNSET
    completion_source: None | TaskCompletionSource | Unset = UNSET
    reopen_reason: None | TaskReopenReason | Unset = UNSET
    snoozed_until: datetime.datetime | None | Unset = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    completed_at: datetime.datetime | None | Unset = UNSET
    skipped_at: datetime.datetime | None | Unset = UNSET
    reopened_at: datetime.datetime | None | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    updated_at: datetime.datetime | Unset = UNSET
    contact: ContactSummary | None | Unset = UNSET
    assignee: None | Owner | Unset = UNSET
    sequence_template: None | SequenceTemplateSummary | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.contact_summary import ContactSummary  # noqa: PLC0415
        from ..models.owner import Owner  # noqa: PLC0415
        from ..models.sequence_template_summary import SequenceTemplateSummary  # noqa: PLC0415

        id = str(self.id)

        type_: str = self.type_

        status: str = self.status

        title: None | str
        title = self.title

        organization_id: str | Unset = UNSET
        if not isinstance(self.organization_id, Unset):
            organization_id = str(self.organization_id)

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority

        sequence_id: None | str | Unset
        if isinstance(self.sequence_id, Unset):
            sequence_id = UNSET
        elif isinstance(self.sequence_id, UUID):
            sequence_id = str(self.sequence_id)
        else:
            sequence_id = self.sequence_id

        contact_id: None | str | Unset
        if isinstance(self.contact_id, Unset):
            contact_id = UNSET
        elif isinstance(self.contact_id, UUID):
            contact_id = str(self.contact_id)
        else:
            contact_id = self.contact_id

        assignee_user_id: None | str | Unset
        if isinstance(self.assignee_user_id, Unset):
            assignee_user_id = UNSET
        elif isinstance(self.assignee_user_id, UUID):
            assignee_user_id = str(self.assignee_user_id)
        else:
            assignee_user_id = self.assignee_user_id

        message_id: None | str | Unset
        if isinstance(self.message_id, Unset):
            message_id = UNSET
        elif isinstance(self.message_id, UUID):
            message_id = str(self.message_id)
        else:
            message_id = self.message_id

        step_number: int | None | Unset
        if isinstance(self.step_number, Unset):
            step_number = UNSET
        else:
            step_number = self.step_number

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        due_date: None | str | Unset
        if isinstance(self.due_date, Unset):
            due_date = UNSET
        elif isinstance(self.due_date, datetime.date):
            due_date = self.due_date.isoformat()
        else:
            due_date = self.due_date

        disposition: None | str | Unset
        if isinstance(self.disposition, Unset):
            disposition = UNSET
        elif isinstance(self.disposition, str):
            disposition = self.disposition
        else:
            disposition = self.disposition

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        completion_source: None | str | Unset
        if isinstance(self.completion_source, Unset):
            completion_source = UNSET
        elif isinstance(self.completion_source, str):
            completion_source = self.completion_source
        else:
            completion_source = self.completion_source

        reopen_reason: None | str | Unset
        if isinstance(self.reopen_reason, Unset):
            reopen_reason = UNSET
        elif isinstance(self.reopen_reason, str):
            reopen_reason = self.reopen_reason
        else:
            reopen_reason = self.reopen_reason

        snoozed_until: None | str | Unset
        if isinstance(self.snoozed_until, Unset):
            snoozed_until = UNSET
        elif isinstance(self.snoozed_until, datetime.datetime):
            snoozed_until = self.snoozed_until.isoformat()
        else:
            snoozed_until = self.snoozed_until

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        elif isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        elif isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        skipped_at: None | str | Unset
        if isinstance(self.skipped_at, Unset):
            skipped_at = UNSET
        elif isinstance(self.skipped_at, datetime.datetime):
            skipped_at = self.skipped_at.isoformat()
        else:
            skipped_at = self.skipped_at

        reopened_at: None | str | Unset
        if isinstance(self.reopened_at, Unset):
            reopened_at = UNSET
        elif isinstance(self.reopened_at, datetime.datetime):
            reopened_at = self.reopened_at.isoformat()
        else:
            reopened_at = self.reopened_at

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        updated_at: str | Unset = UNSET
        if not isinstance(self.updated_at, Unset):
            updated_at = self.updated_at.isoformat()

        contact: dict[str, Any] | None | Unset
        if isinstance(self.contact, Unset):
            contact = UNSET
        elif isinstance(self.contact, ContactSummary):
            contact = self.contact.to_dict()
        else:
            contact = self.contact

        assignee: dict[str, Any] | None | Unset
        if isinstance(self.assignee, Unset):
            assignee = UNSET
        elif isinstance(self.assignee, Owner):
            assignee = self.assignee.to_dict()
        else:
            assignee = self.assignee

        sequence_template: dict[str, Any] | None | Unset
        if isinstance(self.sequence_template, Unset):
            sequence_template = UNSET
        elif isinstance(self.sequence_template, SequenceTemplateSummary):
            sequence_template = self.sequence_template.to_dict()
        else:
            sequence_template = self.sequence_template

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "status": status,
                "title": title,
            }
        )
        if organization_id is not UNSET:
            field_dict["organization_id"] = organization_id
        if priority is not UNSET:
            field_dict["priority"] = priority
        if sequence_id is not UNSET:
            field_dict["sequence_id"] = sequence_id
        if contact_id is not UNSET:
            field_dict["contact_id"] = contact_id
        if assignee_user_id is not UNSET:
            field_dict["assignee_user_id"] = assignee_user_id
        if message_id is not UNSET:
            field_dict["message_id"] = message_id
        if step_number is not UNSET:
            field_dict["step_number"] = step_number
        if notes is not UNSET:
            field_dict["notes"] = notes
        if due_date is not UNSET:
            field_dict["due_date"] = due_date
        if disposition is not UNSET:
            field_dict["disposition"] = disposition
        if phone is not UNSET:
            field_dict["phone"] = phone
        if completion_source is not UNSET:
            field_dict["completion_source"] = completion_source
        if reopen_reason is not UNSET:
            field_dict["reopen_reason"] = reopen_reason
        if snoozed_until is not UNSET:
            field_dict["snoozed_until"] = snoozed_until
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if completed_at is not UNSET:
            field_dict["completed_at"] = completed_at
        if skipped_at is not UNSET:
            field_dict["skipped_at"] = skipped_at
        if reopened_at is not UNSET:
            field_dict["reopened_at"] = reopened_at
        if created_at is not UNSET:
            field_dict["created_at"] = created_at
        if updated_at is not UNSET:
            field_dict["updated_at"] = updated_at
        if contact is not UNSET:
            field_dict["contact"] = contact
        if assignee is not UNSET:
            field_dict["assignee"] = assignee
        if sequence_template is not UNSET:
            field_dict["sequence_template"] = sequence_template

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contact_summary import ContactSummary  # noqa: PLC0415
        from ..models.owner import Owner  # noqa: PLC0415
        from ..models.sequence_template_summary import SequenceTemplateSummary  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        type_ = check_task_type(d.pop("type"))

        status = check_task_status(d.pop("status"))

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        _organization_id = d.pop("organization_id", UNSET)
        organization_id: UUID | Unset
        if isinstance(_organization_id, Unset):
            organization_id = UNSET
        else:
            organization_id = UUID(_organization_id)

        _priority = d.pop("priority", UNSET)
        priority: TaskPriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = check_task_priority(_priority)

        def _parse_sequence_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sequence_id_type_0 = UUID(data)

                return sequence_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        sequence_id = _parse_sequence_id(d.pop("sequence_id", UNSET))

        def _parse_contact_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contact_id_type_0 = UUID(data)

                return contact_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        contact_id = _parse_contact_id(d.pop("contact_id", UNSET))

        def _parse_assignee_user_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assignee_user_id_type_0 = UUID(data)

                return assignee_user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        assignee_user_id = _parse_assignee_user_id(d.pop("assignee_user_id", UNSET))

        def _parse_message_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                message_id_type_0 = UUID(data)

                return message_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        message_id = _parse_message_id(d.pop("message_id", UNSET))

        def _parse_step_number(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        step_number = _parse_step_number(d.pop("step_number", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_due_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                due_date_type_0 = datetime.date.fromisoformat(data)

                return due_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        due_date = _parse_due_date(d.pop("due_date", UNSET))

        def _parse_disposition(data: object) -> None | TaskDisposition | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disposition_type_0 = check_task_disposition(data)

                return disposition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaskDisposition | Unset, data)

        disposition = _parse_disposition(d.pop("disposition", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_completion_source(data: object) -> None | TaskCompletionSource | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completion_source_type_0 = check_task_completion_source(data)

                return completion_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaskCompletionSource | Unset, data)

        completion_source = _parse_completion_source(d.pop("completion_source", UNSET))

        def _parse_reopen_reason(data: object) -> None | TaskReopenReason | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reopen_reason_type_0 = check_task_reopen_reason(data)

                return reopen_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaskReopenReason | Unset, data)

        reopen_reason = _parse_reopen_reason(d.pop("reopen_reason", UNSET))

        def _parse_snoozed_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                snoozed_until_type_0 = datetime.datetime.fromisoformat(data)

                return snoozed_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        snoozed_until = _parse_snoozed_until(d.pop("snoozed_until", UNSET))

        def _parse_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

        def _parse_completed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        completed_at = _parse_completed_at(d.pop("completed_at", UNSET))

        def _parse_skipped_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                skipped_at_type_0 = datetime.datetime.fromisoformat(data)

                return skipped_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        skipped_at = _parse_skipped_at(d.pop("skipped_at", UNSET))

        def _parse_reopened_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reopened_at_type_0 = datetime.datetime.fromisoformat(data)

                return reopened_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        reopened_at = _parse_reopened_at(d.pop("reopened_at", UNSET))

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        _updated_at = d.pop("updated_at", UNSET)
        updated_at: datetime.datetime | Unset
        if isinstance(_updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = datetime.datetime.fromisoformat(_updated_at)

        def _parse_contact(data: object) -> ContactSummary | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contact_type_0 = ContactSummary.from_dict(data)

                return contact_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContactSummary | None | Unset, data)

        contact = _parse_contact(d.pop("contact", UNSET))

        def _parse_assignee(data: object) -> None | Owner | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                assignee_type_0 = Owner.from_dict(data)

                return assignee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Owner | Unset, data)

        assignee = _parse_assignee(d.pop("assignee", UNSET))

        def _parse_sequence_template(data: object) -> None | SequenceTemplateSummary | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sequence_template_type_0 = SequenceTemplateSummary.from_dict(data)

                return sequence_template_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SequenceTemplateSummary | Unset, data)

        sequence_template = _parse_sequence_template(d.pop("sequence_template", UNSET))

        task_summary = cls(
            id=id,
            type_=type_,
            status=status,
            title=title,
            organization_id=organization_id,
            priority=priority,
            sequence_id=sequence_id,
            contact_id=contact_id,
            assignee_user_id=assignee_user_id,
            message_id=message_id,
            step_number=step_number,
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

        task_summary.additional_properties = d
        return task_summary

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
